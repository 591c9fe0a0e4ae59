import { describe, expect, it } from "vitest";
import { createStyle } from "../terminal/style.js";
import { noServerRefusal } from "./no-server-refusal.js";

const plain = createStyle({ isTTY: false, noColor: true, env: {} });
const failedFs = { enabled: 1, connected: 0, failures: ["fs — spawn ENOENT"] };

describe("noServerRefusal", () => {
  it("refuses servers configured and none connected, saying why and which flag goes on", () => {
    expect(noServerRefusal(failedFs, undefined, plain)).toBe(
      "tinyloop: no server connected (fs — spawn ENOENT); fix the server, or run with --allow-no-servers to go on without tools\n",
    );
  });

  it("goes on with --allow-no-servers, with one server connected (ready or idle), or with none configured", () => {
    expect(noServerRefusal(failedFs, true, plain)).toBeUndefined();
    expect(noServerRefusal({ enabled: 2, connected: 1, failures: ["fs — x"] }, false, plain)).toBe(
      undefined,
    );
    expect(noServerRefusal({ enabled: 0, connected: 0, failures: [] }, false, plain)).toBe(
      undefined,
    );
  });

  it("colours the reason red when the style has colours", () => {
    const colour = createStyle({ isTTY: true, noColor: false, env: {} });
    expect(noServerRefusal(failedFs, false, colour)).toMatch(
      /^\u001b\[31mtinyloop: no server connected .*\u001b\[39m; fix the server/,
    );
  });
});
