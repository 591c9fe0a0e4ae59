// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type RunningFixtureHttpServer,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { echoThenAnswer, json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
let server: RunningFixtureHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SECRET = "cc-secret-1f2e3d";

/** The OAuth fixture serving client_credentials for agent-7, and an agent naming it `api`. */
async function setUp() {
  server = await startFixtureHttpServer(
    { oauth: true, oauthClientId: "agent-7", oauthClientSecret: SECRET },
    s.ws.markerEnv,
  );
  s.ws.write({
    ".mcp.json": json({
      mcpServers: {
        api: {
          url: server.url,
          oauth: {
            grant: "client_credentials",
            clientId: "agent-7",
            clientSecret: "${API_SECRET}",
          },
        },
      },
    }),
  });
  // No BROWSER, no terminal: nothing could show a login page.
  return { XDG_CONFIG_HOME: s.ws.path("config"), API_SECRET: SECRET, BROWSER: "/bin/false" };
}

describe("OAuth without a browser, from the CLI", () => {
  it("mcp call and run get tokens with client_credentials; nothing is stored, the secret never printed", async () => {
    const env = await setUp();
    const call = await runCli(
      ["mcp", "call", "mcp_api_echo", ".mcp.json", "--args", '{"text":"hello"}'],
      { cwd: s.ws.dir, env },
    );
    expect(call.exitCode, call.stderr).toBe(0);
    expect(call.stdout).toContain("hello");

    await s.withModel(echoThenAnswer("api"));
    const run = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("The fixture said ping.");
    expect(server?.stderr().match(/oauth token issued \(client_credentials\)/g)).toHaveLength(2);
    expect(existsSync(join(s.ws.path("config"), "tinyloop", "oauth", "api.json"))).toBe(false);
    for (const output of [call, run]) expect(output.stdout + output.stderr).not.toContain(SECRET);

    const login = await runCli(["mcp", "login", "api", ".mcp.json"], { cwd: s.ws.dir, env });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toContain(
      "connected to api with grant client_credentials: it needs no login (its tokens are fetched at each connection and kept in memory only)",
    );
  });

  it("serve answers with the server's tools, its token fetched with no browser and no prompt", async () => {
    const env = await setUp();
    await s.withModel(echoThenAnswer("api"));
    const serve = execa(
      process.execPath,
      [
        cliBin,
        "serve",
        ".mcp.json",
        "--yes",
        "--port",
        "0",
        "--api-key-env",
        "SERVE_KEY",
        ...s.modelFlags(),
      ],
      {
        cwd: s.ws.dir,
        env: { NO_COLOR: "1", SERVE_KEY: "serve-key-1", ...env },
        reject: false,
        stdin: "ignore",
      },
    );
    try {
      let stderr = "";
      serve.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      await stderrShows(serve, "Ctrl+C or SIGTERM stops");
      const url = /API\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stderr)?.[1];
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: "Bearer serve-key-1", "content-type": "application/json" },
        body: JSON.stringify({ model: "mcp", messages: [{ role: "user", content: "echo" }] }),
      });
      const answer = (await response.json()) as {
        choices: Array<{ message: { content: string } }>;
      };
      expect(answer.choices[0]?.message.content).toBe("The fixture said ping.");
      expect(server?.stderr()).toContain("oauth token issued (client_credentials)");
      expect(stderr).not.toContain(SECRET);
    } finally {
      serve.kill("SIGTERM");
      await serve;
    }
  });

  it("a revoked secret: one clear error naming the server and the key, exit 1", async () => {
    const env = await setUp();
    const r = await runCli(["mcp", "tools", ".mcp.json"], {
      cwd: s.ws.dir,
      env: { ...env, API_SECRET: "revoked-secret" },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stdout + r.stderr).toContain('fix oauth.clientSecret of server "api"');
    expect(r.stdout + r.stderr).not.toContain("revoked-secret");
    expect(r.stdout + r.stderr).not.toContain("mcp login"); // no login would help
    expect(server?.stderr().match(/oauth token refused/g)).toHaveLength(1);
  });

  it("a signing key in the wrong format: config check and run fail with exit 2, nothing is spawned", async () => {
    const pkcs1 = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ format: "pem", type: "pkcs1" })
      .toString();
    const log = s.ws.path("starts.log");
    s.ws.write({
      ".mcp.json": json({
        mcpServers: {
          local: s.ws.fixture(["--starts-log", log]),
          api: {
            url: "http://127.0.0.1:9/mcp",
            oauth: { grant: "client_credentials", clientId: "agent-7", privateKey: "${AGENT_KEY}" },
          },
        },
      }),
    });
    const env = { AGENT_KEY: pkcs1 };
    for (const argv of [
      ["config", "check", ".mcp.json"],
      ["run", ".mcp.json", "-p", "hi", "--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"],
    ]) {
      const r = await runCli(argv, { cwd: s.ws.dir, env });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        "mcpServers.api.oauth.privateKey: expected a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----), got a PKCS#1 RSA private key",
      );
      expect(r.stderr).not.toContain(pkcs1.split("\n")[1]);
    }
    expect(existsSync(log)).toBe(false);
  });
});
