import { describe, expect, it } from "vitest";
import { findJsonErrorPosition } from "./json-error-position.js";

describe("findJsonErrorPosition", () => {
  it.each([
    '{"a": 1}',
    ' [1, -2.5e3, "x\\n\\u00e9", true, false, null, {}] ',
    '"just a string"',
    "0",
  ])("finds nothing wrong in %s", (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonErrorPosition(text)).toBeUndefined();
  });

  it.each([
    ['{"a": }', 6],
    ['{"a": 1', 7],
    ["{a: 1}", 1],
    ['{"a": 1,}', 8],
    ["[1 2]", 3],
    ['{"a": tru}', 6],
    ['{"a": "x\\q"}', 9],
    ['{"a": 1} extra', 9],
    ["", 0],
  ])("locates the error in %j at offset %i", (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonErrorPosition(text)?.offset).toBe(offset);
  });

  it("reports line and column on multi-line text", () => {
    expect(findJsonErrorPosition('{\n  "a": 1,\n  "b": ]\n}')).toEqual({
      offset: 19,
      line: 3,
      column: 8,
    });
  });
});
