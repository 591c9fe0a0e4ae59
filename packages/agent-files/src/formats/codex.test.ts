// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${VAR} literally
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_ENV, fixture } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, describe, expect, it } from "vitest";
import { AgentFileError, readAgentFile } from "../index.js";

const env = {
  ...FIXTURE_ENV,
  GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_fixture",
  HTTPS_PROXY: "http://proxy.local:3128",
};
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const write = (name: string, text: string) => {
  dir ??= mkdtempSync(join(tmpdir(), "agent-files-codex-"));
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe("Codex config.toml", () => {
  it("reads [mcp_servers.NAME] tables and ignores Codex's own settings quietly", async () => {
    const agent = await readAgentFile(fixture("codex-home/.codex/config.toml"), { env });
    expect(agent.format).toBe("codex");
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem", "github", "docs", "figma"]);
    expect(agent.warnings).toEqual([]);
    const [filesystem, github, docs, figma] = agent.servers;
    // startup_timeout_sec and tool_timeout_sec are seconds, converted exactly.
    expect(filesystem?.config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/fixture/projects"],
      env: {},
      timeouts: { connectMs: 20_000, callMs: 90_500 },
    });
    // [mcp_servers.NAME.env] sub-table; env_vars forwards only the variables that are set.
    expect(github?.config).toMatchObject({
      env: {
        GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_fixture",
        HTTPS_PROXY: "http://proxy.local:3128",
        GITHUB_TOOLSETS: "repos,issues",
      },
    });
    expect(JSON.stringify(github?.config)).not.toContain("NO_SUCH_PROXY_VARIABLE");
    // enabled_tools / disabled_tools and the per-tool tables.
    expect(github?.tools).toEqual({
      include: ["get_issue", "list_issues", "search_*"],
      exclude: ["delete_repository", "merge_pull_request"],
    });
    expect(github?.autoApprove).toEqual(["create_issue"]);
    // url is Streamable HTTP; http_headers, env_http_headers and bearer_token_env_var are headers.
    expect(docs?.config).toEqual({
      type: "http",
      url: "https://docs.example.com/mcp",
      headers: {
        "X-Client": "codex",
        "X-Docs-Key": "docs-key",
        Authorization: "Bearer docs-token",
      },
      timeouts: { connectMs: 7500 },
    });
    expect(figma).toMatchObject({ enabled: false, disabledReason: "disabled in the file" });
    expect(figma?.config).toMatchObject({ oauth: { scopes: ["file:read"] }, enabled: false });
  });

  it("a file whose servers are all disabled is valid", async () => {
    const agent = await readAgentFile(fixture("codex-project/.codex/config.toml"), { env });
    expect(agent.servers.map((s) => [s.name, s.enabled])).toEqual([
      ["playwright", false],
      ["sentry", false],
    ]);
    expect(agent.servers[0]?.config).toMatchObject({ env: { PLAYWRIGHT_BROWSERS_PATH: "0" } });
  });

  it("an unset bearer_token_env_var names its own key", async () => {
    const file = write(
      "config.toml",
      '[mcp_servers.docs]\nurl = "https://docs.example.com/mcp"\nbearer_token_env_var = "MISSING_DOCS_TOKEN"\n',
    );
    const error = await readAgentFile(file, { env: {} }).catch((e: unknown) => e);
    expect(AgentFileError.isInstance(error) && error.code).toBe("VARIABLE_UNSET");
    expect((error as Error).message).toContain(
      "mcp_servers.docs.bearer_token_env_var: ${MISSING_DOCS_TOKEN}",
    );
  });

  it("points at the key of a bad value inside an inline table, and masks its secrets", async () => {
    const file = write(
      "config.toml",
      '[mcp_servers.api]\ncommand = "api-mcp"\nenv = { API_TOKEN = "sk-codex-secret-value", PORT = 8080 }\n',
    );
    const error = await readAgentFile(file, { env: {} }).catch((e: unknown) => e);
    const message = (error as Error).message;
    expect(message).toContain(
      "config.toml:3:53: mcp_servers.api.env.PORT: expected a string, got a number (8080)",
    );
    expect(message).not.toContain("sk-codex-secret-value");
    expect(message).toContain(`  3 | env = { API_TOKEN = "***", PORT = 8080 }`);
    expect(message).toContain("example: [mcp_servers.files]");
  });

  it("a Codex config without servers: none in ~/.codex, an error anywhere else", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-codex-"));
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(dir, ".codex"));
    writeFileSync(join(dir, ".codex", "config.toml"), 'model = "gpt-5-codex"\n');
    const agent = await readAgentFile(join(dir, ".codex", "config.toml"), { env: {} });
    expect(agent.servers).toEqual([]);
    expect(agent.warnings.map((w) => w.message)).toEqual([
      "has no [mcp_servers.NAME] table (Codex keeps its MCP servers there): no MCP servers to start",
    ]);
    const other = write("Cargo.toml", '[package]\nname = "x"\n');
    await expect(readAgentFile(other, { env: {} })).rejects.toThrow(
      /Cargo\.toml:1:1: has no \[mcp_servers\.NAME\] table/,
    );
  });
});
