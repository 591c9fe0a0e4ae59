import { mkdirSync } from "node:fs";
import { freePort } from "@tinyloop/test-fixtures";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { echoThenAnswer, json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A fake HOME and a project folder; every variable that moves a standard place, emptied. */
function places() {
  const home = s.ws.path("home");
  const project = s.ws.path("project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: "",
    CODEX_HOME: "",
    OPENCODE_CONFIG: "",
    APPDATA: "",
    MODEL_ID: "",
    PROVIDER: "",
    ENDPOINT_URL: "",
    BASE_URL: "",
    API_KEY: "",
    ...s.ws.markerEnv,
  };
  return { home, project, env };
}

const servers = (prefix: string, count: number) =>
  json({
    mcpServers: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}`, { command: "node" }]),
    ),
  });

// Each client's user file at its Linux place (under home/), and at its macOS place too, which
// Linux must not list. Main's formats carry a server count each; the new formats are found only.
const LINUX: Array<[client: string, path: string, text: string, servers: number | null]> = [
  ["claude-desktop", "home/.config/Claude/claude_desktop_config.json", servers("desk", 1), 1],
  ["claude-code", "home/.claude.json", servers("code", 2), 2],
  ["cursor", "home/.cursor/mcp.json", servers("cursor", 3), 3],
  ["vscode", "home/.config/Code/User/mcp.json", json({ servers: { a: { command: "node" } } }), 1],
  ["windsurf", "home/.codeium/windsurf/mcp_config.json", servers("surf", 2), 2],
  [
    "cline",
    "home/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    servers("cline", 4),
    4,
  ],
  [
    "roo",
    "home/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
    servers("roo", 1),
    1,
  ],
  ["codex", "home/.codex/config.toml", '[mcp_servers.docs]\ncommand = "node"\n', null],
  ["gemini", "home/.gemini/settings.json", servers("gem", 2), 2],
  [
    "opencode",
    "home/.config/opencode/opencode.json",
    json({ mcp: { docs: { type: "local", command: ["node"] } } }),
    null,
  ],
  [
    "zed",
    "home/.config/zed/settings.json",
    json({ context_servers: { docs: { command: "node" } } }),
    null,
  ],
  [
    "goose",
    "home/.config/goose/config.yaml",
    "extensions:\n  docs:\n    type: stdio\n    cmd: node\n",
    null,
  ],
  [
    "continue",
    "home/.continue/config.yaml",
    "mcpServers:\n  - name: docs\n    command: node\n",
    null,
  ],
  ["lmstudio", "home/.lmstudio/mcp.json", servers("lm", 1), 1],
  ["amazon-q", "home/.aws/amazonq/mcp.json", servers("q", 3), 3],
];
const MACOS_ONLY = [
  "home/Library/Application Support/Claude/claude_desktop_config.json",
  "home/Library/Application Support/Code/User/mcp.json",
  "home/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
];

interface Listed {
  client: string;
  scope: string;
  path: string;
  servers: number | null;
  problems: string[];
}

describe.runIf(process.platform === "linux")("tinyloop config list", () => {
  it("lists every client's config at its Linux place with its server count; a file of main's formats reads", async () => {
    const { env, project } = places();
    s.ws.write(Object.fromEntries(LINUX.map(([, path, text]) => [path, text])));
    s.ws.write(Object.fromEntries(MACOS_ONLY.map((path) => [path, servers("mac", 1)])));

    const r = await runCli(["config", "list", "--json"], { cwd: project, env });

    expect(r.exitCode).toBe(0);
    const listed = JSON.parse(r.stdout) as Listed[];
    expect(listed.map((l) => [l.client, l.scope, l.path])).toEqual(
      LINUX.map(([client, path]) => [client, "user", s.ws.path(path)]),
    );
    for (const [client, , , count] of LINUX) {
      const entry = listed.find((l) => l.client === client);
      if (count !== null)
        expect([client, entry?.servers, entry?.problems]).toEqual([client, count, []]);
    }
    expect(r.stdout).not.toContain("Library");
  });

  it("shows a file that cannot be read with its problem, and lists the others", async () => {
    const { env, project } = places();
    s.ws.write({
      "project/.mcp.json": '{ "mcpServers": { "a": { "command": 42 } } }',
      "home/.cursor/mcp.json": servers("c", 2),
    });

    const r = await runCli(["config", "list"], { cwd: project, env });

    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(
      `Claude Code (project, --from claude-code)  cannot be read\n  ${s.ws.path("project/.mcp.json")}\n  problem:\n    ${s.ws.path("project/.mcp.json")}:1:37: mcpServers.a.command: expected a string, got a number (42)`,
    );
    expect(r.stdout).toContain(
      `Cursor (user, --from cursor)  2 servers\n  ${s.ws.path("home/.cursor/mcp.json")}\n  servers: c1, c2`,
    );
  });

  it("says so when nothing is found", async () => {
    const { env, project } = places();
    const r = await runCli(["config", "list"], { cwd: project, env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^No MCP client config found in the standard places/);
    expect(
      JSON.parse((await runCli(["config", "list", "--json"], { cwd: project, env })).stdout),
    ).toEqual([]);
  });
});

/** A Codex `config.toml` with one stdio server (its env marks it for the leftover check). */
function codexServer(
  name: string,
  server: { command: string; args: string[]; env: Record<string, string> },
): string {
  const list = (values: string[]) => values.map((value) => JSON.stringify(value)).join(", ");
  const env = Object.entries(server.env).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  return `[mcp_servers.${name}]\ncommand = ${JSON.stringify(server.command)}\nargs = [${list(server.args)}]\nenv = { ${env.join(", ")} }\n`;
}

describe.runIf(process.platform === "linux")("--from CLIENT", () => {
  it("mcp tools --from cursor connects Cursor's servers, from the user's and the project's files", async () => {
    const { env, project } = places();
    s.ws.write({
      "home/.cursor/mcp.json": json({ mcpServers: { user: s.ws.fixture() } }),
      "project/.cursor/mcp.json": json({ mcpServers: { proj: s.ws.fixture() } }),
      "project/.mcp.json": json({ mcpServers: { claude: s.ws.fixture() } }),
    });

    const r = await runCli(["mcp", "tools", "--from", "cursor"], { cwd: project, env });

    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^proj {2}ready {2}15 tools/m);
    expect(r.stdout).toMatch(/^user {2}ready {2}15 tools/m);
    expect(r.stdout).not.toContain("claude");
    expect(r.stderr).toContain(
      `tinyloop: --from cursor: read ${s.ws.path("project/.cursor/mcp.json")}, ${s.ws.path("home/.cursor/mcp.json")}`,
    );
  });

  it("run --from cursor -p answers with Cursor's servers, the model from the environment", async () => {
    const { env, project } = places();
    const model = await s.withModel(echoThenAnswer());
    s.ws.write({ "home/.cursor/mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });

    const r = await runCli(["run", "--from", "cursor", "-p", "hi", "--yes"], {
      cwd: project,
      env: { ...env, MODEL_ID: "m", ENDPOINT_URL: model.baseURL },
    });

    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("The fixture said ping.");
    expect(r.stderr).toContain(
      `tinyloop: --from cursor: read ${s.ws.path("home/.cursor/mcp.json")}`,
    );
  });

  it("--from all merges every client's servers; a clash keeps the first file's and says so", async () => {
    const { env, project } = places();
    s.ws.write({
      "project/.mcp.json": json({ mcpServers: { shared: s.ws.fixture() } }),
      "home/.cursor/mcp.json": json({
        mcpServers: { shared: s.ws.fixture(["--tools", "2"]), other: s.ws.fixture() },
      }),
      "home/.codex/config.toml": codexServer("docs", s.ws.fixture()),
      "home/.gemini/settings.json": "{ not json",
    });

    const r = await runCli(["mcp", "tools", "--from", "all"], { cwd: project, env });

    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^shared {2}ready {2}15 tools/m);
    expect(r.stdout).not.toContain("mcp_shared_tool_1");
    expect(r.stdout).toMatch(/^other {2}ready {2}15 tools/m);
    expect(r.stderr).toContain(
      `tinyloop: ${s.ws.path("home/.cursor/mcp.json")}: warning: mcpServers.shared: server "shared" skipped: the name is taken by ${s.ws.path("project/.mcp.json")} (the first file found wins; rename one of them to run both)`,
    );
    // Codex's TOML is read like the others; a file that cannot be read is skipped under
    // `all`, with its problem.
    expect(r.stdout).toMatch(/^docs {2}ready {2}15 tools/m);
    expect(r.stderr).toContain(
      `tinyloop: --from all: skipped ${s.ws.path("home/.gemini/settings.json")}:`,
    );
  });

  it("refuses an unknown client with exit 2, listing the names, on run, serve and mcp tools", async () => {
    const { env, project } = places();
    for (const command of [["run", "-p", "hi"], ["serve"], ["mcp", "tools"]]) {
      const r = await runCli([...command, "--from", "cursr"], { cwd: project, env });
      expect([command[0], r.exitCode]).toEqual([command[0], 2]);
      expect(r.stderr).toContain(
        'tinyloop: --from: expected a client name or all, got "cursr" (example: --from cursor). Clients: claude-desktop, claude-code, cursor, vscode, windsurf, cline, roo, codex, gemini, opencode, zed, goose, continue, lmstudio, amazon-q',
      );
    }
  });

  it("--from claude-code runs this folder's servers from ~/.claude.json first, then .mcp.json's, then the user's", async () => {
    const { env, project } = places();
    s.ws.write({
      "home/.claude.json": json({
        numStartups: 7,
        mcpServers: { user: s.ws.fixture(), shared: s.ws.fixture(["--tools", "2"]) },
        projects: { [project]: { mcpServers: { local: s.ws.fixture(), shared: s.ws.fixture() } } },
      }),
      "project/.mcp.json": json({ mcpServers: { proj: s.ws.fixture() } }),
    });

    const listed = await runCli(["config", "list"], { cwd: project, env });
    expect(listed.stdout).toContain(
      `Claude Code (local, --from claude-code)  2 servers\n  ${s.ws.path("home/.claude.json")} (its servers for ${project})\n  servers: local, shared`,
    );
    expect(listed.stdout).toContain(
      `Claude Code (user, --from claude-code)  2 servers\n  ${s.ws.path("home/.claude.json")}\n  servers: user, shared`,
    );
    const r = await runCli(["mcp", "tools", "--from", "claude-code"], { cwd: project, env });

    expect(r.exitCode).toBe(0);
    expect(r.stdout.match(/^\S+ {2}ready {2}\d+ tools/gm)).toEqual([
      "local  ready  15 tools",
      "shared  ready  15 tools",
      "proj  ready  15 tools",
      "user  ready  15 tools",
    ]);
    expect(r.stderr).toContain('server "shared" skipped: the name is taken by');
  });

  it("says where it looked when the client has no config, and refuses an agent with --from", async () => {
    const { env, project } = places();
    const r = await runCli(["mcp", "tools", "--from", "zed"], { cwd: project, env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `tinyloop: --from zed: no Zed configuration found; looked in ${s.ws.path("project/.zed/settings.json")}, ${s.ws.path("home/.config/zed/settings.json")}`,
    );
    const both = await runCli(["config", "check", "x.json", "--from", "zed"], {
      cwd: project,
      env,
    });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain(
      'give an agent or --from, not both (got the agent "x.json" and --from zed)',
    );
  });
});

describe("no agent, in a folder with a project config", () => {
  it("runs with the folder's .mcp.json, says so, and takes the model from MODEL_ID and ENDPOINT_URL", async () => {
    const { env, project } = places();
    const model = await s.withModel(echoThenAnswer());
    s.ws.write({
      "project/.mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }),
      "project/.vscode/mcp.json": json({ servers: {} }),
    });

    const r = await runCli(["-p", "hi", "--yes"], {
      cwd: project,
      env: { ...env, MODEL_ID: "scripted-from-env", ENDPOINT_URL: model.baseURL },
    });

    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("The fixture said ping.");
    expect(r.stderr).toContain(
      "tinyloop: no agent given: using .mcp.json in this folder (Claude Code's project config); also here: .vscode/mcp.json (pass one as the agent to use it)",
    );
    expect(model.requests[0]?.body).toMatchObject({ model: "scripted-from-env" });
  });

  it("lets --model beat MODEL_ID, and a file's model beat the environment", async () => {
    const { env, project } = places();
    const model = await s.withModel([{ text: "one" }, { text: "two" }]);
    s.ws.write({
      "project/.gemini/settings.json": json({ mcpServers: { fixture: s.ws.fixture() } }),
    });
    const withEnv = { ...env, MODEL_ID: "from-env", ENDPOINT_URL: model.baseURL };

    const flagged = await runCli(["run", "-p", "hi", "--model", "from-flag"], {
      cwd: project,
      env: withEnv,
    });
    expect(flagged.stderr).toContain(
      "using .gemini/settings.json in this folder (Gemini CLI's project config)",
    );
    // A file that names its model is read as written: the environment's model does not apply.
    s.ws.write({
      "project/named.json": json({
        model: "from-file",
        endpointUrl: model.baseURL,
        mcpServers: {},
      }),
    });
    const named = await runCli(["run", "named.json", "-p", "hi", "--allow-no-servers"], {
      cwd: project,
      env: withEnv,
    });

    expect([flagged.exitCode, named.exitCode]).toEqual([0, 0]);
    expect(model.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      "from-flag",
      "from-file",
    ]);
  });

  it("starts the default agent in a folder without one, as before", async () => {
    const { env, project } = places();
    const r = await runCli(["config", "check"], { cwd: project, env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "default" });
    expect(r.stderr).not.toContain("no agent given");
  });
});

describe.runIf(process.platform === "linux")("serve --from, on PORT", () => {
  it("serves Cursor's servers on PORT when --port is not given", async () => {
    const { env, project } = places();
    const model = await s.withModel([{ text: "served" }]);
    s.ws.write({ "home/.cursor/mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const port = await freePort();
    const child = execa(process.execPath, [cliBin, "serve", "--from", "cursor"], {
      cwd: project,
      env: {
        NO_COLOR: "1",
        ...env,
        PORT: String(port),
        MODEL_ID: "m",
        ENDPOINT_URL: model.baseURL,
      },
      reject: false,
      stdin: "ignore",
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await stderrShows(child, "Ctrl+C or SIGTERM stops");
      expect(stderr).toContain(`http://127.0.0.1:${port}/v1`);
      const key = /#key=(\S+)/.exec(stderr)?.[1];
      const health = await fetch(`http://127.0.0.1:${port}/healthz`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(await health.json()).toMatchObject({ servers: [{ name: "fixture", state: "ready" }] });
    } finally {
      child.kill("SIGTERM");
      await child;
    }
  });

  it("refuses a PORT that is no port with exit 2; --port wins over it", async () => {
    const { env, project } = places();
    const r = await runCli(["serve"], { cwd: project, env: { ...env, PORT: "http" } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'tinyloop: PORT: expected a whole number from 0 to 65535, got "http" (example: PORT=8080; --port wins over PORT)',
    );
  });
});

describe("--help", () => {
  it("lists the model variables on run and serve, and PORT on serve", async () => {
    const run = await runCli(["run", "--help"], { cwd: s.ws.dir });
    const serve = await runCli(["serve", "--help"], { cwd: s.ws.dir });
    for (const name of ["MODEL_ID", "PROVIDER", "ENDPOINT_URL, BASE_URL", "API_KEY", "HF_TOKEN"]) {
      expect(run.stdout).toContain(`  ${name} `);
      expect(serve.stdout).toContain(`  ${name} `);
    }
    expect(serve.stdout).toContain(
      "  PORT                     port when --port is not given (default 8787)",
    );
    expect(run.stdout).not.toContain("  PORT ");
    expect(run.stdout).toContain("--from <client>");
  });
});
