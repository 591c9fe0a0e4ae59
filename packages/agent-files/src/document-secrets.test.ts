import { describe, expect, it } from "vitest";
import { documentSecrets } from "./document-secrets.js";

describe("documentSecrets", () => {
  const secrets = documentSecrets({
    model: { apiKey: "sk-model-key", auth: { clientSecret: "client-secret-value" } },
    reconnect: { sessionRetries: "none-at-all" },
    inputs: [{ id: "pat", password: true, default: "input-default-secret" }],
    mcpServers: {
      remote: {
        url: "https://user:pw-secret@example.com/mcp?token=qry-secret",
        headers: { Authorization: "Bearer hdr-secret", "X-Quote": 'with"quote' },
      },
      local: {
        command: "npx",
        args: [
          "-y",
          "server",
          "--token",
          "arg-secret",
          "--api-key=eq-secret",
          "--db-path",
          "db.sqlite",
        ],
        env: { ANYTHING: "env-secret" },
      },
    },
  });

  it("finds header and env values, secret-named keys, --token-like args, URL parts and password defaults", () => {
    expect(secrets).toEqual(
      expect.arrayContaining([
        "sk-model-key",
        "client-secret-value",
        "input-default-secret",
        "pw-secret",
        "qry-secret",
        "Bearer hdr-secret",
        "hdr-secret",
        "arg-secret",
        "eq-secret",
        "env-secret",
      ]),
    );
  });

  it("adds the JSON-escaped form of a secret, as the file's text writes it", () => {
    expect(secrets).toContain('with\\"quote');
  });

  it("leaves ordinary values alone", () => {
    for (const value of [
      "npx",
      "server",
      "db.sqlite",
      "--token",
      "https://example.com/mcp",
      "none-at-all",
    ])
      expect(secrets).not.toContain(value);
  });
});
