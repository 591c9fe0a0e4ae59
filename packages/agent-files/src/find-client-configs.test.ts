import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_IDS, type ClientId } from "./client-config-locations.js";
import { findClientConfigs } from "./find-client-configs.js";
import { readAgentFile } from "./read-agent-file.js";

let root: string;
let home: string;
let cwd: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "client-configs-"));
  home = join(root, "home");
  cwd = join(root, "project");
  mkdirSync(home);
  mkdirSync(cwd);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** An `mcpServers` file (the shape main reads) with `count` stdio servers named `<prefix>-<n>`. */
const mcpServers = (prefix: string, count: number) =>
  JSON.stringify({
    mcpServers: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}`, { command: "node" }]),
    ),
  });

// Files in the formats main reads, one server count each so a mix-up shows; the rest are
// in their clients' own formats (Codex TOML, opencode's `mcp`, Zed, Goose, Continue YAML).
const userFiles = (appConfig: string): Record<string, [ClientId, string, number?]> => ({
  [join(appConfig, "Claude/claude_desktop_config.json")]: [
    "claude-desktop",
    mcpServers("desk", 1),
    1,
  ],
  ".claude.json": ["claude-code", mcpServers("code", 2), 2],
  ".cursor/mcp.json": ["cursor", mcpServers("cursor", 3), 3],
  [join(appConfig, "Code/User/mcp.json")]: [
    "vscode",
    JSON.stringify({ servers: { a: { command: "node" }, b: { command: "node" } } }),
    2,
  ],
  ".codeium/windsurf/mcp_config.json": ["windsurf", mcpServers("surf", 1), 1],
  [join(
    appConfig,
    "Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
  )]: ["cline", mcpServers("cline", 4), 4],
  [join(
    appConfig,
    "Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
  )]: ["roo", mcpServers("roo", 1), 1],
  ".codex/config.toml": ["codex", '[mcp_servers.docs]\ncommand = "node"\n'],
  ".gemini/settings.json": ["gemini", mcpServers("gem", 2), 2],
  ".config/opencode/opencode.json": [
    "opencode",
    JSON.stringify({ mcp: { docs: { type: "local", command: ["node"] } } }),
  ],
  ".config/zed/settings.json": [
    "zed",
    JSON.stringify({ context_servers: { docs: { command: "node" } } }),
  ],
  ".config/goose/config.yaml": ["goose", "extensions:\n  docs:\n    type: stdio\n    cmd: node\n"],
  ".continue/config.yaml": ["continue", "mcpServers:\n  - name: docs\n    command: node\n"],
  ".lmstudio/mcp.json": ["lmstudio", mcpServers("lm", 1), 1],
  ".aws/amazonq/mcp.json": ["amazon-q", mcpServers("q", 2), 2],
});

describe("findClientConfigs", () => {
  for (const [platform, appConfig] of [
    ["linux", ".config"],
    ["darwin", "Library/Application Support"],
  ] as const) {
    it(`finds every client's user file in its ${platform} place, and main's formats read with their servers`, async () => {
      const files = userFiles(appConfig);
      for (const [relative, [, text]] of Object.entries(files)) write(join(home, relative), text);

      const found = findClientConfigs({ home, cwd, platform });

      expect(found.map((f) => [f.client, f.scope, f.path])).toEqual(
        Object.entries(files)
          .map(([relative, [client]]) => [client, "user", join(home, relative)])
          .sort(
            (a, b) => CLIENT_IDS.indexOf(a[0] as ClientId) - CLIENT_IDS.indexOf(b[0] as ClientId),
          ),
      );
      for (const [relative, [client, , count]] of Object.entries(files)) {
        if (count === undefined) continue;
        const agent = await readAgentFile(join(home, relative), { env: {} });
        expect([client, agent.servers.length]).toEqual([client, count]);
      }
    });
  }

  it("finds project files in the folder first, then the user's, and each Continue block file", () => {
    write(join(cwd, ".mcp.json"), mcpServers("p", 1));
    write(join(cwd, ".vscode/mcp.json"), JSON.stringify({ servers: {} }));
    write(join(cwd, ".cursor/mcp.json"), mcpServers("c", 1));
    write(join(cwd, "opencode.json"), "{}");
    write(join(cwd, ".gemini/settings.json"), mcpServers("g", 1));
    write(join(cwd, ".continue/mcpServers/b.yaml"), "name: b\n");
    write(join(cwd, ".continue/mcpServers/a.json"), mcpServers("a", 1));
    write(join(cwd, ".continue/mcpServers/notes.txt"), "not a config");
    write(join(home, ".cursor/mcp.json"), mcpServers("u", 1));

    const found = findClientConfigs({ home, cwd, platform: "linux" });

    expect(found.map((f) => `${f.scope} ${f.client} ${f.path}`)).toEqual([
      `project claude-code ${join(cwd, ".mcp.json")}`,
      `project cursor ${join(cwd, ".cursor/mcp.json")}`,
      `project vscode ${join(cwd, ".vscode/mcp.json")}`,
      `project gemini ${join(cwd, ".gemini/settings.json")}`,
      `project opencode ${join(cwd, "opencode.json")}`,
      `project continue ${join(cwd, ".continue/mcpServers/a.json")}`,
      `project continue ${join(cwd, ".continue/mcpServers/b.yaml")}`,
      `user cursor ${join(home, ".cursor/mcp.json")}`,
    ]);
  });

  it("skips a folder or a dangling link where a file should be, and finds nothing in an empty home", () => {
    expect(findClientConfigs({ home, cwd, platform: "linux" })).toEqual([]);
    mkdirSync(join(cwd, ".mcp.json"));
    mkdirSync(join(home, ".cursor"));
    symlinkSync(join(home, "missing.json"), join(home, ".cursor/mcp.json"));
    expect(findClientConfigs({ home, cwd, platform: "linux" })).toEqual([]);
  });

  it("finds Claude Code's servers for this folder in ~/.claude.json (local scope, first) beside its user scope", async () => {
    write(
      join(home, ".claude.json"),
      JSON.stringify({
        numStartups: 3,
        mcpServers: { everywhere: { command: "node" } },
        projects: {
          [cwd]: { mcpServers: { here: { command: "node" }, also: { command: "node" } } },
          "/elsewhere": { mcpServers: { other: { command: "node" } } },
        },
      }),
    );
    write(join(cwd, ".mcp.json"), mcpServers("p", 1));

    const found = findClientConfigs({ home, cwd, platform: "linux" });

    expect(found).toEqual([
      {
        client: "claude-code",
        scope: "local",
        path: join(home, ".claude.json"),
        serversAt: ["projects", cwd, "mcpServers"],
      },
      { client: "claude-code", scope: "project", path: join(cwd, ".mcp.json") },
      { client: "claude-code", scope: "user", path: join(home, ".claude.json") },
    ]);
    const local = await readAgentFile(join(home, ".claude.json"), {
      env: {},
      serversAt: found[0]?.serversAt,
    });
    expect(local.servers.map((s) => [s.name, s.path.join("|")])).toEqual([
      ["here", `projects|${cwd}|mcpServers|here`],
      ["also", `projects|${cwd}|mcpServers|also`],
    ]);
    expect((await readAgentFile(join(home, ".claude.json"), { env: {} })).servers).toHaveLength(1);
  });

  it("readAgentFile's serversAt names the key path when no map of servers is there", async () => {
    write(join(home, ".claude.json"), JSON.stringify({ projects: { [cwd]: { mcpServers: [] } } }));
    await expect(
      readAgentFile(join(home, ".claude.json"), {
        env: {},
        serversAt: ["projects", cwd, "mcpServers"],
      }),
    ).rejects.toThrow(
      `.claude.json:1:${31 + cwd.length}: projects["${cwd}"].mcpServers: expected a map of servers (name → { command, args } or { url }), got an empty list`,
    );
  });

  it("skips a ~/.claude.json that holds no servers, and keeps one that is not JSON (to show why)", () => {
    write(join(home, ".claude.json"), JSON.stringify({ numStartups: 3, projects: { "/x": {} } }));
    expect(findClientConfigs({ home, cwd, platform: "linux" })).toEqual([]);
    write(join(home, ".claude.json"), "{ not json");
    expect(findClientConfigs({ home, cwd, platform: "linux" })).toEqual([
      { client: "claude-code", scope: "user", path: join(home, ".claude.json") },
    ]);
  });

  it("honours CODEX_HOME and XDG_CONFIG_HOME", () => {
    write(join(root, "codex-home/config.toml"), "");
    write(join(root, "xdg/zed/settings.json"), "{}");
    write(join(home, ".codex/config.toml"), "");
    const found = findClientConfigs({
      home,
      cwd,
      platform: "linux",
      env: { CODEX_HOME: join(root, "codex-home"), XDG_CONFIG_HOME: join(root, "xdg") },
    });
    expect(found.map((f) => f.path)).toEqual([
      join(root, "codex-home/config.toml"),
      join(root, "xdg/zed/settings.json"),
    ]);
  });
});
