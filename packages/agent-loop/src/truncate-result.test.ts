import { describe, expect, it } from "vitest";
import { truncateContent } from "./truncate-result.js";

describe("truncateContent", () => {
  it("leaves content within the limit alone", () => {
    const content = [{ type: "text" as const, text: "hello" }];
    expect(truncateContent(content, 5)).toEqual(content);
  });

  it("keeps head and tail of one long text, with a line saying how much was removed", () => {
    const text = `${"a".repeat(500)}${"m".repeat(4_000)}${"z".repeat(500)}`;
    expect(truncateContent([{ type: "text", text }], 1_000)).toEqual([
      {
        type: "text",
        text: `${"a".repeat(500)}\n[… 4,000 of 5,000 characters removed …]\n${"z".repeat(500)}`,
      },
    ]);
  });

  it("counts text over several blocks: drops the middle ones, keeps images in place", () => {
    const out = truncateContent(
      [
        { type: "text", text: "aaaa" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "text", text: "bbbb" },
        { type: "text", text: "cccc" },
        { type: "text", text: "dddd" },
      ],
      6,
    );
    expect(out).toEqual([
      { type: "text", text: "aaa\n[… 10 of 16 characters removed …]" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "text", text: "ddd" },
    ]);
  });

  it("cuts embedded text resources the same way", () => {
    const out = truncateContent(
      [{ type: "resource", resource: { uri: "file:///a.txt", text: "x".repeat(10) } }],
      4,
    );
    expect(out).toEqual([
      {
        type: "resource",
        resource: { uri: "file:///a.txt", text: "xx\n[… 6 of 10 characters removed …]\nxx" },
      },
    ]);
  });

  it("never splits a surrogate pair", () => {
    const [block] = truncateContent([{ type: "text", text: "😀".repeat(10) }], 5);
    const text = (block as { text: string }).text;
    expect(text).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(text).toMatch(/^(😀)+\n\[… \d+ of 20 characters removed …\]\n(😀)+$/);
  });
});
