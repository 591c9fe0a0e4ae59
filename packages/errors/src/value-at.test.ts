import { describe, expect, it } from "vitest";
import { valueAt } from "./value-at.js";

describe("valueAt", () => {
  const root = { servers: [{ command: "npx" }, { args: ["-y", 3] }] };

  it("follows keys and indexes", () => {
    expect(valueAt(root, ["servers", 0, "command"])).toBe("npx");
    expect(valueAt(root, ["servers", 1, "args", 1])).toBe(3);
    expect(valueAt(root, [])).toBe(root);
  });

  it("is undefined where the path leads nowhere", () => {
    expect(valueAt(root, ["servers", 5, "command"])).toBeUndefined();
    expect(valueAt(root, ["servers", 0, "command", "length", "x"])).toBeUndefined();
    expect(valueAt(null, ["a"])).toBeUndefined();
  });
});
