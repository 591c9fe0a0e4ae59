import { describe, expect, it } from "vitest";
import { summarizeResult } from "./summarize-result.js";

describe("summarizeResult", () => {
  it("summarises a result by its first text, else its content kinds", () => {
    expect(summarizeResult({ content: [{ type: "text", text: "  hello\nworld " }] })).toBe(
      "hello world",
    );
    expect(
      summarizeResult({ content: [{ type: "image", data: "AA", mimeType: "image/png" }] }),
    ).toBe("image");
    expect(summarizeResult({ content: [], structuredContent: { sum: 3 } })).toBe(`{"sum":3}`);
    expect(summarizeResult({ content: [] })).toBe("(empty result)");
  });
});
