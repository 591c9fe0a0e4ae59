// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "oauth-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (oauth: unknown) => {
  const file = join(dir, "mcp.json");
  writeFileSync(
    file,
    JSON.stringify({ mcpServers: { api: { url: "https://api.example.com/mcp", oauth } } }, null, 2),
  );
  return file;
};

describe("oauth of a server in an agent file", () => {
  it("takes the secrets of a grant without a browser from variables, with no warning", async () => {
    const key = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    const warnings: string[] = [];
    const agent = await readAgentFile(
      write({
        grant: "client_credentials",
        clientId: "${CLIENT_ID}",
        privateKey: "${AGENT_KEY}",
        dpop: true,
      }),
      { env: { CLIENT_ID: "agent-7", AGENT_KEY: key }, onWarning: (w) => warnings.push(w.text) },
    );
    expect(agent.servers[0]?.config).toMatchObject({
      oauth: { grant: "client_credentials", clientId: "agent-7", privateKey: key, dpop: true },
    });
    expect(warnings).toEqual([]);
  });

  it("warns about a secret written into the file, without quoting it", async () => {
    const warnings: string[] = [];
    await readAgentFile(
      write({ grant: "client_credentials", clientId: "agent-7", clientSecret: "plain-s3cret" }),
      {
        env: {},
        onWarning: (w) => warnings.push(w.text),
      },
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'mcpServers.api.oauth.clientSecret: holds a secret written in the file; take it from a variable or an input instead (example: "clientSecret": "${CLIENT_SECRET}")',
    );
    expect(warnings.join("\n")).not.toContain("plain-s3cret");
  });

  it("a signing key in the wrong format fails the file, naming the key and how to convert it", async () => {
    const pkcs1 = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ format: "pem", type: "pkcs1" })
      .toString();
    const read = readAgentFile(
      write({ grant: "client_credentials", clientId: "a", privateKey: "${AGENT_KEY}" }),
      {
        env: { AGENT_KEY: pkcs1 },
      },
    );
    await expect(read).rejects.toThrow(
      /oauth\.privateKey: expected a PKCS#8 PEM private key .* got a PKCS#1 RSA private key; convert it/,
    );
  });
});
