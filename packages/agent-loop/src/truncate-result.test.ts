import { describe, expect, it } from "vitest";
import { truncateContent } from "./truncate-result.js";

describe("truncateContent", () => {
  it("leaves content within the limit alone", () => {
    const content = [{ type: "text" as const, text: "hello" }];
    expect(truncateContent(content, 5)).toEqual(content);
  });

  it("cuts text over several blocks and says how much was shown", () => {
    const out = truncateContent(
      [
        { type: "text", text: "aaaa" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "text", text: "bbbb" },
        { type: "text", text: "cccc" },
      ],
      6,
    );
    expect(out).toEqual([
      { type: "text", text: "aaaa" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "text", text: "bb" },
      { type: "text", text: "[output truncated: showing the first 6 of 12 characters]" },
    ]);
  });

  it("counts and cuts embedded text resources", () => {
    const out = truncateContent(
      [{ type: "resource", resource: { uri: "file:///a.txt", text: "x".repeat(10) } }],
      3,
    );
    expect(out[0]).toEqual({ type: "resource", resource: { uri: "file:///a.txt", text: "xxx" } });
    expect(out[1]).toMatchObject({ type: "text", text: expect.stringContaining("3 of 10") });
  });
});
