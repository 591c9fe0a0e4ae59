import { describe, expect, it } from "vitest";
import { oneLine, shortArguments } from "./short-text.js";

describe("tool line pieces", () => {
  it("shows arguments as short key=value pairs", () => {
    expect(
      shortArguments(
        `{"path":"notes.md","content":"line one\\nline two and a lot more text here","n":3}`,
      ),
    ).toBe(`path="notes.md" content="line one line two and a lot m…" n=3`);
    expect(shortArguments("not json")).toBe("not json");
  });
  it("cuts text to one line with an ellipsis and control characters shown", () => {
    expect(oneLine("a\n  b\u001b[2J", 80)).toBe("a b\\x1b[2J");
    expect(oneLine("abcdef", 4)).toBe("abc…");
  });
});
