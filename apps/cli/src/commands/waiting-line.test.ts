import { describe, expect, it } from "vitest";
import { waitingLine } from "./waiting-line.js";

describe("waitingLine", () => {
  it("names one server, a few, or the first four and a count", () => {
    expect(waitingLine([])).toBe("");
    expect(waitingLine(["fx"])).toBe("waiting for fx…");
    expect(waitingLine(["a", "b"])).toBe("waiting for 2 servers: a, b…");
    expect(waitingLine(["a", "b", "c", "d", "e", "f"])).toBe(
      "waiting for 6 servers: a, b, c, d and 2 more…",
    );
  });
});
