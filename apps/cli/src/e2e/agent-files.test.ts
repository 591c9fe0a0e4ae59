// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { existsSync } from "node:fs";
import {
  AGENT_FILE_FIXTURES,
  BAD_FIXTURES,
  FIXTURE_ENV,
  GOOD_FIXTURES,
} from "@tinyloop/test-fixtures/agent-files";
import { describe, expect, it } from "vitest";
import { filesystemServer, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const fixtures = AGENT_FILE_FIXTURES;

describe("agent-files' realistic fixtures through config check", () => {
  it.each(GOOD_FIXTURES)("%s: exit 0, read as %s, secrets masked", async (name, format) => {
    const r = await runCli(["config", "check", name], { cwd: fixtures, env: FIXTURE_ENV });
    expect(r.stderr).not.toMatch(/\n\s+at |\(node:\d+\)/);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout) as { format: string; servers: unknown[] };
    expect(out.format).toBe(format);
    expect(out.servers.length).toBeGreaterThan(0);
    for (const secret of [
      "ghp_fixture",
      "docs-key",
      "docs-token",
      "claude-code-key",
      "sk-secret-value",
      "opencode-file-token",
    ])
      expect(r.stdout).not.toContain(secret);
  });

  it.each(BAD_FIXTURES)(
    "$path: exit 2 with where, what and an example",
    async ({ path, expect: words }) => {
      const r = await runCli(["config", "check", path], {
        cwd: fixtures,
        env: { PATH: process.env.PATH ?? "" },
      });
      expect(r.exitCode).toBe(2);
      for (const word of words) expect(r.stderr).toContain(word);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    },
  );

  it("prints warnings with file:line:column and masks URL queries and --api-key values", async () => {
    const r = await runCli(["config", "check", "tinyloop-extras.mcp.json"], { cwd: fixtures });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      `tinyloop-extras.mcp.json:17:7: warning: mcpServers.browser.comand: unknown key "comand" in mcpServers.browser, ignored; did you mean "command"?`,
    );
    expect(r.stderr).toContain(`tinyloop-extras.mcp.json:4:3: warning: duplicate key "provider"`);
    expect(JSON.parse(r.stdout).servers[1]).toMatchObject({
      name: "browser",
      args: ["@playwright/mcp@latest", "--api-key", "***"],
      lazy: true,
    });
    const cursor = await runCli(["config", "check", "cursor-project/.cursor/mcp.json"], {
      cwd: fixtures,
      env: FIXTURE_ENV,
    });
    expect(cursor.stdout).toContain('"url": "https://docs.example.com/mcp?api_key=***"');
  });

  it("other clients' entries only they can run: skipped with a warning at file:line:column, the rest read", async () => {
    const zed = await runCli(["config", "check", "zed/settings.json"], {
      cwd: fixtures,
      env: FIXTURE_ENV,
    });
    expect(zed.exitCode).toBe(0);
    expect(zed.stderr).toContain(
      `zed/settings.json:26:5: warning: context_servers.mcp-server-postgres: provided by a Zed extension (no "command" or "url"): only Zed can start it, so it is skipped`,
    );
    expect(JSON.parse(zed.stdout).servers.map((s: { name: string }) => s.name)).toEqual([
      "filesystem",
      "github",
      "remote-docs",
    ]);
    const goose = await runCli(["config", "check", "goose/config.yaml"], {
      cwd: fixtures,
      env: FIXTURE_ENV,
    });
    expect(goose.exitCode).toBe(0);
    expect(goose.stderr).toContain(
      "goose/config.yaml:11:5: warning: extensions.developer.type: a Goose builtin extension runs inside Goose: tinyloop cannot start it, so it is skipped",
    );
    expect(JSON.parse(goose.stdout).servers).toHaveLength(3);
  });

  it("reports a cwd that does not exist with exit 2 and a command missing from PATH as a warning", async () => {
    const missing = await runCli(["config", "check", "bad/missing-cwd.mcp.json"], {
      cwd: fixtures,
    });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      "missing-cwd.mcp.json:6:14: mcpServers.local.cwd: the folder /nonexistent/tinyloop-project does not exist",
    );
    const claude = await runCli(["config", "check", "claude_desktop_config.json"], {
      cwd: fixtures,
      env: { PATH: s.nodeOnlyPath() },
    });
    expect(claude.exitCode).toBe(0);
    expect(claude.stderr).toContain(
      `warning: mcpServers.sqlite.command: command "uvx" is not on PATH; the server will fail to start unless it is installed first`,
    );
  });

  it("starts nothing and never asks for the model's key", async () => {
    const started = s.ws.path("started");
    s.ws.write({
      "agent.json": json({
        model: "m",
        endpointUrl: "http://127.0.0.1:9/v1",
        apiKey: "${input:model-key}",
        inputs: [
          { type: "promptString", id: "model-key", description: "Model key", password: true },
        ],
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: ["-e", `require("fs").writeFileSync(${JSON.stringify(started)}, "")`],
          },
        ],
      }),
    });
    const r = await runCli(["config", "check", "."], { cwd: s.ws.dir, env: {} });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).apiKey).toBe("***");
    expect(existsSync(started)).toBe(false);
  });
});

describe("servers from other clients' files", () => {
  it("lists a disabled server as disabled in mcp tools and does not start it", async () => {
    s.ws.write({
      "cline_mcp_settings.json": json({
        mcpServers: {
          fixture: { ...s.ws.fixture(), disabled: false },
          off: { ...s.ws.fixture(), disabled: true, autoApprove: [] },
        },
      }),
    });
    const r = await runCli(["mcp", "tools", "cline_mcp_settings.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/off {2}disabled {2}0 tools {2}disabled in the file/);
    expect(r.stdout).toMatch(/fixture {2}ready/);
  });

  it("lists a disabled server as disabled in the REPL's /servers", async () => {
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { fixture: s.ws.fixture(), off: { ...s.ws.fixture(), disabled: true } },
      }),
    });
    const r = await runCli(
      ["run", ".mcp.json", "--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"],
      { cwd: s.ws.dir, input: "/servers\n" },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/off {2}disabled {2}0 tools/);
    expect(r.stderr).toContain("connected 1/1 servers (1 disabled)");
  });

  it("runs a Cline autoApprove tool without asking and still denies the others", async () => {
    await s.withModel([
      {
        toolCalls: [
          { name: "mcp_fixture_add", arguments: { a: 1, b: 2 } },
          { name: "mcp_fixture_echo", arguments: { text: "x" } },
        ],
      },
      { text: "done" },
    ]);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: { ...s.ws.fixture(), autoApprove: ["add"] } } }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "add", ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    const second = JSON.stringify(s.model?.requests[1]?.body);
    expect(second).toContain('"content":"3"');
    expect(r.stderr).not.toContain("✗ denied mcp_fixture_add");
  });

  it("a server that fails to start: its stderr, the status line, and exit 1 unless --allow-no-servers", async () => {
    s.ws.write({
      ".mcp.json": json({
        mcpServers: {
          fs: {
            command: process.execPath,
            args: [filesystemServer, "/nonexistent/dir"],
            reconnect: { baseDelay: 0.01, maxDelay: 0.05 }, // not the default backoff's 8 s
          },
        },
      }),
    });
    const flags = ["--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"];
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...flags], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("fs stderr:");
    expect(r.stderr).toMatch(/connected 0\/1 servers \(1 failed: fs — .+\)/);
    expect(r.stderr).toContain("tinyloop: no server connected (fs — ");
    expect(r.stderr).toContain("--allow-no-servers");
    const allowed = await runCli(["run", ".mcp.json", "-p", "hi", "--allow-no-servers", ...flags], {
      cwd: s.ws.dir,
    });
    expect(allowed.stderr).not.toContain("no server connected");
  });
});
