// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { fileURLToPath } from "node:url";

/** Absolute path of a fixture under test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

/** The environment every fixture reads with: all variables the good fixtures use are set. */
export const FIXTURE_ENV: Record<string, string> = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/fixture",
  GITHUB_TOKEN: "ghp_fixture",
  BRAVE_API_KEY: "",
  DOCS_KEY: "docs-key",
  DOCS_TOKEN: "docs-token",
  API_KEY: "claude-code-key",
  DB_URL: "postgres://db.local/app",
  FIGMA_TOKEN: "figma-token",
  HF_TOKEN: "hf_fixture",
};

/** Every good fixture: the path to read and the format it is. */
export const GOOD_FIXTURES = [
  ["claude_desktop_config.json", "mcp-servers"],
  ["cursor-project/.cursor/mcp.json", "mcp-servers"],
  ["cursor-servers.json", "vscode"],
  ["vscode-workspace/.vscode/mcp.json", "vscode"],
  ["vscode-settings.json", "vscode"],
  ["cline_mcp_settings.json", "mcp-servers"],
  ["claude-code.mcp.json", "mcp-servers"],
  ["windsurf_mcp_config.json", "mcp-servers"],
  ["roo-project/.roo/mcp.json", "mcp-servers"],
  ["tiny-agents-flat", "tiny-agents"],
  ["tiny-agents-nested/agent.json", "tiny-agents"],
  ["hermes-config.yaml", "hermes"],
  ["hermes-minimal.yaml", "hermes"],
  ["bom-comments.mcp.json", "mcp-servers"],
  ["tinyloop-extras.mcp.json", "mcp-servers"],
  ["codex-home/.codex/config.toml", "codex"],
  ["codex-project/.codex/config.toml", "codex"],
  ["gemini-project/.gemini/settings.json", "gemini"],
  ["gemini-settings.json", "gemini"],
  ["opencode-project/opencode.jsonc", "opencode"],
  ["opencode-global/opencode.json", "opencode"],
  ["zed/settings.json", "zed"],
  ["zed-settings.json", "zed"],
  ["goose/config.yaml", "goose"],
  ["goose-extensions.yaml", "goose"],
  ["continue-project/.continue/config.yaml", "continue"],
  ["continue-project/.continue/mcpServers/playwright.yaml", "continue"],
  ["windsurf/mcp_config.json", "mcp-servers"],
] as const;

/** Every bad fixture and the words its error must contain (file, line:column or path, expected, example). */
export const BAD_FIXTURES: ReadonlyArray<{ path: string; code: string; expect: string[] }> = [
  {
    path: "bad/missing-comma.mcp.json",
    code: "PARSE_ERROR",
    expect: [
      "missing-comma.mcp.json:5:7: is not valid JSON",
      `expected a "," between entries`,
      "^",
      "example:",
    ],
  },
  {
    path: "bad/ftp-url.mcp.json",
    code: "INVALID",
    expect: [
      "ftp-url.mcp.json:4:14: mcpServers.bad.url: expected an http(s) URL",
      `got a string ("ftp://files.example.com/mcp")`,
      "example:",
    ],
  },
  {
    path: "bad/tiny",
    code: "INVALID",
    expect: [
      "agent.json:3:35: servers[0].command: expected a string, got a number (3)",
      "example:",
    ],
  },
  {
    path: "bad/unset-vars.mcp.json",
    code: "VARIABLE_UNSET",
    expect: [
      "3 variables are not set (GITHUB_TOKEN, SEARCH_KEY, TEAM_ID)",
      "mcpServers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN: ${GITHUB_TOKEN}",
      "mcpServers.search.headers.X-Team: ${TEAM_ID}",
      "${NAME:-default}",
    ],
  },
  {
    path: "bad/websocket.vscode.json",
    code: "INVALID",
    expect: [
      `websocket.vscode.json:3:23: servers.live.type: expected "stdio", "http" or "sse", got a string ("websocket")`,
      "example:",
    ],
  },
  {
    path: "bad/tabs.yaml",
    code: "PARSE_ERROR",
    expect: ["tabs.yaml:", "is not valid YAML", "example: mcp_servers:"],
  },
  {
    path: "bad/both.mcp.json",
    code: "INVALID",
    expect: [`both.mcp.json:1:28: mcpServers.mixed: has both "command" and "url"`, "example:"],
  },
  {
    path: "bad/unknown-input.vscode.json",
    code: "INVALID",
    expect: [
      `servers.github.headers.Authorization: uses \${input:gh_pat} but "inputs" declares no input with id "gh_pat"`,
      `example: "inputs"`,
    ],
  },
  {
    path: "bad/not-a-config.json",
    code: "INVALID",
    expect: [
      "not-a-config.json:1:1: is none of the files tinyloop reads",
      `example: { "mcpServers"`,
    ],
  },
  {
    path: "bad/codex-syntax.toml",
    code: "PARSE_ERROR",
    expect: [
      "codex-syntax.toml:6:1: is not valid TOML: expected comma or end of structure",
      "^",
      "example: [mcp_servers.files]",
    ],
  },
  {
    path: "bad/codex-args.toml",
    code: "INVALID",
    expect: [
      `codex-args.toml:3:8: mcp_servers.files.args: expected a list, got a string`,
      `  3 | args = "-y @modelcontextprotocol/server-filesystem ."`,
      `example: [mcp_servers.files]  command = "npx"  args = [`,
    ],
  },
  {
    path: "bad/gemini-project/.gemini/settings.json",
    code: "INVALID",
    expect: [
      `settings.json:5:18: mcpServers.github.timeout: expected a number, got a string ("30s")`,
      `"timeout": 30000 }`,
    ],
  },
  {
    path: "bad/opencode.json",
    code: "INVALID",
    expect: [
      "opencode.json:6:18: mcp.files.command: expected a list, got a string",
      `example: "files": { "type": "local", "command": ["npx", "-y"`,
    ],
  },
  {
    path: "bad/zed-settings.json",
    code: "INVALID",
    expect: [
      `zed-settings.json:3:27: context_servers.files.command: expected a command ("npx") or { "path": "npx", "args": [], "env": {} }, got an object`,
      `example: "files": { "command": "npx"`,
    ],
  },
  {
    path: "bad/goose-config.yaml",
    code: "INVALID",
    expect: [
      `goose-config.yaml:4:11: extensions.docs.type: expected "stdio", "sse" or "streamable_http", got a string ("websocket")`,
      "example: files: { type: stdio, cmd: npx",
    ],
  },
  {
    path: "bad/continue-project/.continue/config.yaml",
    code: "INVALID",
    expect: [
      `config.yaml:8:24: mcpServers[0].connectionTimeout: expected a number, got a string ("20s")`,
      "example: mcpServers: [{ name: files, command: npx",
    ],
  },
  {
    path: "bad/windsurf_mcp_config.json",
    code: "INVALID",
    expect: [
      "windsurf_mcp_config.json:3:30: mcpServers.linear.serverUrl: expected a string, got a number (443)",
      "example:",
    ],
  },
];
