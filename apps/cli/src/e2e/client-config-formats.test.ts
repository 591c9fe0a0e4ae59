import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A TOML string. */
const toml = (value: string) => JSON.stringify(value);

/**
 * Each client's own file, naming the fixture MCP server with a tool filter in that client's
 * words (`echo` and `add` only): `mcp tools` starts it over a real pipe and lists what passed.
 */
const FILES: Array<
  [string, (server: { command: string; args: string[]; env: Record<string, string> }) => string]
> = [
  [
    ".codex/config.toml",
    (f) =>
      `model = "gpt-5-codex"\n\n[mcp_servers.fixture]\ncommand = ${toml(f.command)}\nargs = [${f.args.map(toml).join(", ")}]\nenabled_tools = ["echo", "add"]\ntool_timeout_sec = 30\n\n[mcp_servers.fixture.env]\n${Object.entries(
        f.env,
      )
        .map(([k, v]) => `${k} = ${toml(v)}`)
        .join("\n")}\n`,
  ],
  [
    ".gemini/settings.json",
    (f) =>
      json({
        ui: { theme: "GitHub" },
        mcpServers: { fixture: { ...f, includeTools: ["echo", "add"], timeout: 30000 } },
      }),
  ],
  [
    "opencode.json",
    (f) =>
      json({
        $schema: "https://opencode.ai/config.json",
        mcp: {
          fixture: {
            type: "local",
            command: [f.command, ...f.args],
            environment: f.env,
            enabled: true,
          },
          off: { type: "remote", url: "https://mcp.example.com/mcp", enabled: false },
        },
      }),
  ],
  [
    "zed/settings.json",
    (f) =>
      json({
        context_servers: {
          fixture: { command: { path: f.command, args: f.args, env: f.env }, settings: {} },
          "mcp-server-postgres": { settings: { database_url: "postgresql://localhost/app" } },
        },
      }),
  ],
  [
    "goose/config.yaml",
    (f) =>
      `extensions:\n  developer:\n    type: builtin\n    name: developer\n    enabled: true\n  fixture:\n    type: stdio\n    name: fixture\n    cmd: ${toml(f.command)}\n    args: [${f.args.map(toml).join(", ")}]\n    envs: ${JSON.stringify(f.env)}\n    available_tools: [echo, add]\n    enabled: true\n    timeout: 30\n`,
  ],
  [
    ".continue/mcpServers/fixture.yaml",
    (f) =>
      `name: Fixture block\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: fixture\n    command: ${toml(f.command)}\n    args: [${f.args.map(toml).join(", ")}]\n    env: ${JSON.stringify(f.env)}\n    connectionTimeout: 30000\n`,
  ],
];

/** What else the user sees for a file: its disabled server, its entries only the client runs. */
const SEEN: Record<string, string[]> = {
  "opencode.json": ["off  disabled  0 tools  disabled in the file"],
  "zed/settings.json": [
    `zed/settings.json:15:5: warning: context_servers.mcp-server-postgres: provided by a Zed extension (no "command" or "url"): only Zed can start it, so it is skipped`,
  ],
  "goose/config.yaml": [
    "goose/config.yaml:3:5: warning: extensions.developer.type: a Goose builtin extension runs inside Goose: tinyloop cannot start it, so it is skipped",
  ],
};

describe("other clients' own files run their servers", () => {
  it.each(FILES)("%s: mcp tools starts the server it names", async (name, write) => {
    s.ws.write({ [name]: write(s.ws.fixture()) });
    const r = await runCli(["mcp", "tools", name], { cwd: s.ws.dir });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/fixture {2}ready/);
    const filtered = /codex|gemini|goose/.test(name);
    // The client's own tool filter decides which tools register.
    expect(r.stdout.split("\n")[0]).toBe(`fixture  ready  ${filtered ? 2 : 15} tools`);
    if (filtered) expect(r.stdout).toContain("skipped sleep: not-included");
    for (const line of SEEN[name] ?? []) expect(r.stdout + r.stderr).toContain(line);
  });
});
