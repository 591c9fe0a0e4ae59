import { describe, expect, it } from "vitest";
import { maskUrls } from "./mask-urls.js";

describe("maskUrls", () => {
  it("masks user info and query values of every URL in a text, and leaves the rest", () => {
    expect(
      maskUrls(
        'Server "web" at http://user:pw@host:8080/mcp?token=abc&x=1 failed; see https://example.com/help.',
      ),
    ).toBe(
      'Server "web" at http://***:***@host:8080/mcp?token=***&x=*** failed; see https://example.com/help.',
    );
    expect(maskUrls("no url here")).toBe("no url here");
  });
});
