import { describe, expect, it } from "vitest";
import { describeValue } from "./describe-value.js";

describe("describeValue", () => {
  it("names the kind of value and shows short values", () => {
    expect(describeValue(undefined)).toBe("nothing");
    expect(describeValue(null)).toBe("null");
    expect(describeValue([])).toBe("an empty list");
    expect(describeValue([1])).toBe("a list");
    expect(describeValue("")).toBe("an empty string");
    expect(describeValue("npx")).toBe('a string ("npx")');
    expect(describeValue(3)).toBe("a number (3)");
    expect(describeValue(10n)).toBe("a bigint (10)");
    expect(describeValue(false)).toBe("a boolean (false)");
    expect(describeValue({ a: 1 })).toBe("an object");
    expect(describeValue(() => 1)).toBe("a function");
    expect(describeValue(Symbol("s"))).toBe("a symbol");
  });

  it("cuts a long string to 40 characters", () => {
    const described = describeValue("x".repeat(100));
    expect(described).toBe(`a string ("${"x".repeat(37)}...")`);
  });

  it("masks a string before it cuts it, so a secret is never shown in part", () => {
    const secret = "sk-live-0123456789abcdef";
    const described = describeValue(`Bearer ${secret}${"x".repeat(40)}`, (text) =>
      text.replaceAll(secret, "***"),
    );
    expect(described).toBe(`a string ("Bearer ***${"x".repeat(27)}...")`);
    expect(described).not.toContain("sk-live");
  });
});
