import { describe, expect, it } from "vitest";
import { describeShape } from "./value-shape.js";

describe("describeShape", () => {
  it("names null and arrays apart from objects", () => {
    expect(describeShape(null)).toBe("null");
    expect(describeShape([1])).toBe("an array");
    expect(describeShape({})).toBe("an object");
    expect(describeShape(undefined)).toBe("missing");
    expect(describeShape("x")).toBe("a string");
    expect(describeShape(3)).toBe("a number");
  });
});
