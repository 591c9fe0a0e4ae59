import { describeValue } from "@tinyloop/errors";
import { describe, expect, it } from "vitest";
import { SourceText } from "./source-text.js";

describe("SourceText.excerpt", () => {
  it("masks hidden secrets and keeps the caret under the same character", () => {
    const text = '{"headers":{"Authorization":"Bearer tok-SECRET-123"},"bad":{"command":3}}';
    const source = new SourceText(text);
    source.hideSecrets(["Bearer tok-SECRET-123", "tok-SECRET-123"]);
    const excerpt = source.excerpt(source.position(text.indexOf("3}")));
    expect(excerpt).not.toContain("tok-SECRET-123");
    const [line = "", caret = ""] = excerpt.split("\n");
    expect(line).toContain('"Authorization":"***"');
    expect(line[caret.indexOf("^")]).toBe("3");
  });

  it("prints every URL in the line without user info and query values, even with nothing hidden", () => {
    const text = '{"url": "https://me:pw-SECRET@example.com/mcp?token=qry-SECRET", "x": ]}';
    const source = new SourceText(text);
    const excerpt = source.excerpt(source.position(text.indexOf("]")));
    expect(excerpt).not.toMatch(/SECRET/);
    expect(excerpt).toContain("https://***:***@example.com/mcp?token=***");
    const [line = "", caret = ""] = excerpt.split("\n");
    expect(line[caret.indexOf("^")]).toBe("]");
  });

  it("cuts a long line to a window around the column, with … on each cut side", () => {
    const text = `${"a".repeat(500)}X${"b".repeat(500)}`;
    const source = new SourceText(text);
    const [line = "", caret = ""] = source.excerpt({ line: 1, column: 501 }).split("\n");
    expect(line).toMatch(/^ {2}1 \| …a+Xb+…$/);
    expect(line.length).toBeLessThan(120);
    expect(line[caret.indexOf("^")]).toBe("X");
  });
});

describe("SourceText.masked with describeValue", () => {
  it("masks a long secret before the value is cut, so no prefix of it is printed", () => {
    const source = new SourceText("");
    const token = "tok-SECRET-0123456789abcdefghijklmnopqrstuvwxyz";
    source.hideSecrets([token]);
    const shown = describeValue(`Bearer ${token}`, (text) => source.masked(text));
    expect(shown).toBe('a string ("Bearer ***")');
    expect(describeValue(`Bearer ${token}`)).toContain("tok-SECRET"); // what it was before
  });
});
