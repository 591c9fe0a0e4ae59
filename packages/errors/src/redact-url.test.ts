import { describe, expect, it } from "vitest";
import { redactUrl, redactUrlsInText } from "./redact-url.js";

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

describe("redactUrlsInText", () => {
  // A comma after a query value is taken as part of it (and masked with it).
  it("masks every URL in a text, ending each at a quote or space", () => {
    expect(
      redactUrlsInText(
        'failed: http://u:pw@a.test/x?token=t1, see {"url":"https://b.test/?key=k2"} and ftp://c@d.test',
      ),
    ).toBe(
      'failed: http://***:***@a.test/x?token=*** see {"url":"https://b.test/?key=***"} and ftp://***@d.test/',
    );
  });
});
