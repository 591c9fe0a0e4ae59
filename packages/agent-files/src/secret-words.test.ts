import { describe, expect, it } from "vitest";
import { documentSecrets } from "./document-secrets.js";
import { isSecretWordName, redactArgs } from "./redact-agent.js";

describe("isSecretWordName", () => {
  it.each([
    "my-key",
    "x_apikey",
    "refresh-token",
    "client_secret",
    "db-password",
    "db_passwd",
    "github-auth",
    "proxy_authorization",
    "aws-credential",
    "gcp_credentials",
    "session-cookie",
    "gitlab_pat",
    "bearer",
    "ACCESS_TOKEN",
    "githubToken",
    "clientSecret",
    "dbPassword",
    "signingKey",
  ])("takes %s for a secret", (name) => {
    expect(isSecretWordName(name)).toBe(true);
  });

  it.each(["db-path", "keyboard", "sessionRetries", "TokenCount", "author", "path"])(
    "takes %s for an ordinary name",
    (name) => {
      expect(isSecretWordName(name)).toBe(false);
    },
  );
});

describe("redactArgs", () => {
  it("masks only after a flag that starts the argument, with one or two dashes", () => {
    expect(
      redactArgs(["-token", "t1", "x--token", "t2", "--9token", "t3", "---token", "t4"]),
    ).toEqual(["-token", "***", "x--token", "t2", "--9token", "t3", "---token", "t4"]);
  });

  it("leaves a value that looks like a flag, and a flag=value whose flag is ordinary", () => {
    expect(redactArgs(["--token", "--verbose", "--path=a=b", "--token=", "=x"])).toEqual([
      "--token",
      "--verbose",
      "--path=a=b",
      "--token=***",
      "=x",
    ]);
  });
});

describe("documentSecrets", () => {
  it("finds exactly the secrets of a file, once each, raw and JSON-escaped", () => {
    expect(
      documentSecrets({
        model: { apiKey: "sk-key-1", name: "gpt-model" },
        inputs: [
          { id: "pat", password: true, default: "pw-default" },
          { id: "name", password: false, default: "plain-default" },
        ],
        mcpServers: {
          s: {
            command: "npx",
            args: ["--token", "tok=en-value", "--api-key=eq-secret", "--db-path", "db.sqlite"],
            env: { ANY: 'env"secret', PORT: 8080, SHORT: "abc" },
          },
          o: { command: ["npx", "--token", "cmd-secret"], skipped: null },
          n: { args: ["--token", 5] },
          u: { url: "https://mcp.test/mcp?key=query-secret" },
        },
      }),
    ).toEqual([
      "sk-key-1",
      "pw-default",
      "tok=en-value",
      "eq-secret",
      'env"secret',
      'env\\"secret',
      "cmd-secret",
      "query-secret",
    ]);
  });

  it("treats only whole map names as secret maps", () => {
    expect(
      documentSecrets({
        dev_env: { NAME: "visible-value" },
        headers_note: { a: "visible-value-2" },
        Environment: { A: "hidden-value" },
      }),
    ).toEqual(["hidden-value"]);
  });

  it("reads 64 levels deep and no deeper", () => {
    const nest = (levels: number, leaf: unknown): unknown =>
      levels === 0 ? leaf : { a: nest(levels - 1, leaf) };
    expect(documentSecrets(nest(64, { apiKey: "deep-secret" }))).toEqual(["deep-secret"]);
    expect(documentSecrets(nest(65, { apiKey: "deep-secret" }))).toEqual([]);
    expect(documentSecrets(nest(64, "https://u:url-secret@x.test/"))).toEqual(["url-secret"]);
    expect(documentSecrets(nest(65, "https://u:url-secret@x.test/"))).toEqual([]);
  });
});
