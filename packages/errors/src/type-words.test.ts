import { describe, expect, it } from "vitest";
import { oneOf, typeWords } from "./type-words.js";

describe("typeWords", () => {
  it("words zod's and JSON Schema's type names to follow 'expected'", () => {
    expect(typeWords("string")).toBe("a string");
    expect(typeWords("int")).toBe("a whole number");
    expect(typeWords("integer")).toBe("a whole number");
    expect(typeWords("boolean")).toBe("true or false");
    expect(typeWords("array")).toBe("a list");
    expect(typeWords("record")).toBe("an object");
  });

  it("returns a name it does not know as it is", () => {
    expect(typeWords("date")).toBe("date");
  });
});

describe("oneOf", () => {
  it("joins alternatives with commas and a last 'or'", () => {
    expect(oneOf([])).toBe("");
    expect(oneOf(['"stdio"'])).toBe('"stdio"');
    expect(oneOf(['"stdio"', '"http"'])).toBe('"stdio" or "http"');
    expect(oneOf(['"stdio"', '"http"', '"sse"'])).toBe('"stdio", "http" or "sse"');
  });
});
