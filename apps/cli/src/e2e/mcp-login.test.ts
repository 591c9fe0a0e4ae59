import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  type RunningFixtureHttpServer,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
let server: RunningFixtureHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A workspace with an agent naming the OAuth fixture server `secure`, a `$BROWSER` that
 * opens the URL like a person approving the login (it follows the redirects back to the
 * CLI's loopback port), and a config folder of its own.
 */
async function setUp() {
  server = await startFixtureHttpServer({ oauth: true }, s.ws.markerEnv);
  s.ws.write({
    ".mcp.json": json({ mcpServers: { secure: { url: server.url } } }),
    "browse.mjs": "await (await fetch(process.argv[2])).arrayBuffer();\n",
    "browser.sh": `#!/bin/sh\nexec "${process.execPath}" "${s.ws.path("browse.mjs")}" "$1"\n`,
  });
  chmodSync(s.ws.path("browser.sh"), 0o755);
  return {
    env: { XDG_CONFIG_HOME: s.ws.path("config"), BROWSER: s.ws.path("browser.sh") },
    tokenFile: join(s.ws.path("config"), "tinyloop", "oauth", "secure.json"),
  };
}

describe("tinyloop mcp login / logout", () => {
  it("logs in through the browser, stores the tokens 0600, and never prints them", async () => {
    const { env, tokenFile } = await setUp();
    const login = await runCli(["mcp", "login", "secure", ".mcp.json"], { cwd: s.ws.dir, env });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toMatch(
      /To log in to secure, open this URL in a browser:\n {2}http:\/\/127\.0\.0\.1:\d+\/authorize\?/,
    );
    expect(login.stderr).toContain(`logged in to secure; the tokens are saved in ${tokenFile}`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(tokenFile, "utf8"));
    expect(login.stdout + login.stderr).not.toContain(saved.tokens.access_token);
    expect(login.stdout + login.stderr).not.toContain(saved.tokens.refresh_token);

    // Later commands use the stored tokens, also without a terminal.
    const call = await runCli(
      ["mcp", "call", "mcp_secure_echo", ".mcp.json", "--args", '{"text":"hello"}'],
      { cwd: s.ws.dir, env },
    );
    expect(call.exitCode, call.stderr).toBe(0);
    expect(call.stdout).toContain("hello");
    expect(server?.stderr().match(/oauth authorization approved/g)).toHaveLength(1);
  });

  it("logout forgets the tokens; without them a command says how to log in", async () => {
    const { env, tokenFile } = await setUp();
    expect(
      (await runCli(["mcp", "login", "secure", ".mcp.json"], { cwd: s.ws.dir, env })).exitCode,
    ).toBe(0);
    const logout = await runCli(["mcp", "logout", "secure"], { cwd: s.ws.dir, env });
    expect(logout.exitCode).toBe(0);
    expect(logout.stderr).toContain(`logged out of secure (removed ${tokenFile})`);
    expect(existsSync(tokenFile)).toBe(false);
    const again = await runCli(["mcp", "logout", "secure"], { cwd: s.ws.dir, env });
    expect(again.stderr).toContain("secure was not logged in");

    const tools = await runCli(["mcp", "tools", ".mcp.json"], { cwd: s.ws.dir, env });
    expect(tools.exitCode).toBe(1);
    expect(tools.stdout + tools.stderr).toContain(
      "needs an OAuth login. Run `tinyloop mcp login secure` to log in.",
    );
  });

  it("names the servers when NAME is not one of them, and refuses a stdio server", async () => {
    const { env } = await setUp();
    const missing = await runCli(["mcp", "login", "nope", ".mcp.json"], { cwd: s.ws.dir, env });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('no server named "nope" in');
    expect(missing.stderr).toContain("(its servers: secure)");
    s.ws.write({ "stdio.json": json({ mcpServers: { local: s.ws.fixture() } }) });
    const stdio = await runCli(["mcp", "login", "local", "stdio.json"], { cwd: s.ws.dir, env });
    expect(stdio.exitCode).toBe(2);
    expect(stdio.stderr).toContain(
      'server "local" is a stdio server; OAuth login is for HTTP servers',
    );
  });
});
