import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { MarkdownBlocks } from "./markdown-blocks.js";

const plain = stripVTControlCharacters;

describe("MarkdownBlocks", () => {
  it("renders each block once it closes, never a half-streamed one", () => {
    const blocks = new MarkdownBlocks({ width: 60 });
    expect(blocks.write("# Plan\n")).toBe("");
    const heading = blocks.write("\nSome **bold** te");
    expect(plain(heading)).toContain("Plan");
    expect(plain(heading)).not.toContain("#");
    expect(blocks.write("xt and `code`.\n")).toBe("");
    const rest = plain(blocks.end());
    expect(rest).toContain("Some bold text and code.");
    expect(rest).not.toContain("**");
  });

  it("keeps a code fence whole, blank lines inside it included", () => {
    const blocks = new MarkdownBlocks({ width: 60 });
    expect(blocks.write("```js\nconst a = 1;\n\nconst b = 2;\n")).toBe("");
    const fence = plain(blocks.write("```\n\nAfter.\n"));
    expect(fence).toContain("const a = 1;");
    expect(fence).toContain("const b = 2;");
    expect(fence).not.toContain("```");
    expect(plain(blocks.end())).toContain("After.");
  });

  it("draws a table and a list", () => {
    const blocks = new MarkdownBlocks({ width: 60 });
    const out = plain(
      blocks.write("| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n") + blocks.end(),
    );
    expect(out).toMatch(/│?\s*a\s*│\s*b/);
    expect(out).toMatch(/\* one|• one|one/);
    expect(out).not.toContain("|---|");
  });
});
