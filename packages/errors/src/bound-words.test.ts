import { describe, expect, it } from "vitest";
import { boundWords } from "./bound-words.js";

describe("boundWords", () => {
  it("words number bounds as what was expected", () => {
    expect(boundWords({ code: "too_small", origin: "number", minimum: 0, inclusive: false })).toBe(
      "a number more than 0",
    );
    expect(boundWords({ code: "too_small", origin: "number", minimum: 0, inclusive: true })).toBe(
      "a number of 0 or more",
    );
    expect(boundWords({ code: "too_big", origin: "number", maximum: 65535, inclusive: true })).toBe(
      "a number of 65535 or less",
    );
    expect(boundWords({ code: "too_big", origin: "int", maximum: 10, inclusive: false })).toBe(
      "a whole number less than 10",
    );
  });

  it("words lengths of strings and lists in their units", () => {
    expect(boundWords({ code: "too_small", origin: "string", minimum: 1, inclusive: true })).toBe(
      "a non-empty string",
    );
    expect(boundWords({ code: "too_small", origin: "string", minimum: 3, inclusive: true })).toBe(
      "a string of at least 3 characters",
    );
    expect(boundWords({ code: "too_big", origin: "array", maximum: 3, inclusive: true })).toBe(
      "a list of at most 3 items",
    );
    expect(
      boundWords({ code: "too_small", origin: "array", minimum: 2, inclusive: true, exact: true }),
    ).toBe("a list of exactly 2 items");
  });

  it("has no words for an origin it does not know (zod's English is used then)", () => {
    expect(boundWords({ code: "too_small", origin: "date", minimum: 0, inclusive: true })).toBe(
      undefined,
    );
  });
});

describe("boundWords on exact and big integer bounds", () => {
  it("says 'equal to' for an exact number and counts exclusive lengths", () => {
    expect(
      boundWords({ code: "too_big", origin: "number", maximum: 3, inclusive: true, exact: true }),
    ).toBe("a number equal to 3");
    expect(boundWords({ code: "too_big", origin: "string", maximum: 5, inclusive: false })).toBe(
      "a string of at most 4 characters",
    );
    expect(boundWords({ code: "too_small", origin: "bigint", minimum: 10n, inclusive: true })).toBe(
      "a number of 10 or more",
    );
  });
});
