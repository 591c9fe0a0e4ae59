import { describe, expect, it } from "vitest";
import { formatDuration, shortArguments, summarizeResult } from "./short-text.js";

describe("tool line pieces", () => {
  it("shows arguments as short key=value pairs", () => {
    expect(
      shortArguments(
        `{"path":"notes.md","content":"line one\\nline two and a lot more text here","n":3}`,
      ),
    ).toBe(`path="notes.md" content="line one line two and a lot m…" n=3`);
    expect(shortArguments("not json")).toBe("not json");
  });
  it("summarises a result by its first text, else its content kinds", () => {
    expect(summarizeResult({ content: [{ type: "text", text: "  hello\nworld " }] })).toBe(
      "hello world",
    );
    expect(
      summarizeResult({ content: [{ type: "image", data: "AA", mimeType: "image/png" }] }),
    ).toBe("image");
    expect(summarizeResult({ content: [], structuredContent: { sum: 3 } })).toBe(`{"sum":3}`);
  });
  it("formats durations", () => {
    expect(formatDuration(14.2)).toBe("14ms");
    expect(formatDuration(1234)).toBe("1.2s");
  });
});
