import { redactUrlsInText } from "@tinyloop/errors";
import { describe, expect, it } from "vitest";
import { maskUrls } from "./mask-urls.js";

describe("maskUrls (deprecated)", () => {
  it("is the one URL redaction of @tinyloop/errors under its old name", () => {
    expect(maskUrls).toBe(redactUrlsInText);
  });
});
