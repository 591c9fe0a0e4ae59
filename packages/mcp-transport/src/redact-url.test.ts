import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.js";

describe("redactUrl", () => {
  it("masks user info and every query value, keeping host, path and parameter names", () => {
    expect(redactUrl("http://user:pw@example.test:8080/mcp?token=abc&mode=x")).toBe(
      "http://***:***@example.test:8080/mcp?token=***&mode=***",
    );
  });

  it("leaves a URL without secrets as it was", () => {
    expect(redactUrl("https://example.test/mcp")).toBe("https://example.test/mcp");
  });

  it("masks a user name given without a password", () => {
    expect(redactUrl("https://alice@example.test/")).toBe("https://***@example.test/");
  });

  it("returns text that is not a URL unchanged", () => {
    expect(redactUrl("not a url")).toBe("not a url");
  });
});
