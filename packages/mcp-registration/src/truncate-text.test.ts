import { describe, expect, it } from "vitest";
import { truncateText } from "./truncate-text.js";

describe("truncateText", () => {
  it("returns text within the cap unchanged", () => {
    expect(truncateText("hello", 5)).toBe("hello");
  });

  it("keeps head and tail and says how much was removed", () => {
    const text = `${"a".repeat(500)}${"m".repeat(1000)}${"z".repeat(500)}`;
    const out = truncateText(text, 1000);
    const [head, line, tail] = out.split("\n");
    expect(head).toBe("a".repeat(500));
    expect(tail).toBe("z".repeat(500));
    expect(line).toBe("[… 1,000 of 2,000 characters removed …]");
  });

  it("applies the 100 000 character default", () => {
    const out = truncateText("x".repeat(250_000));
    expect(out).toContain("[… 150,000 of 250,000 characters removed …]");
    expect(out.length).toBeLessThan(100_100);
  });

  it("never splits a surrogate pair", () => {
    const out = truncateText("😀".repeat(10), 5);
    expect(out).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });
});
