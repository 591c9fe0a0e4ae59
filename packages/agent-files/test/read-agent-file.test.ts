// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally

import {
  BAD_FIXTURES,
  FIXTURE_ENV,
  fixture,
  GOOD_FIXTURES,
} from "@tinyloop/test-fixtures/agent-files";
import { describe, expect, it } from "vitest";
import { AgentFileError, type AgentFileServer, readAgentFile } from "../src/index.js";

const read = (name: string, env: Record<string, string> = FIXTURE_ENV) =>
  readAgentFile(fixture(name), { env });
const byName = (servers: AgentFileServer[], name: string) => {
  const server = servers.find((s) => s.name === name);
  if (!server) throw new Error(`no server ${name} in ${servers.map((s) => s.name).join(", ")}`);
  return server;
};

describe("every realistic fixture reads unchanged", () => {
  it.each(GOOD_FIXTURES)("%s is read as %s with every ${…} expanded", async (name, format) => {
    const agent = await read(name);
    expect(agent.format).toBe(format);
    expect(agent.servers.length).toBeGreaterThan(0);
    expect(JSON.stringify(agent.servers)).not.toContain("${");
  });
});

describe("what each client's file means", () => {
  it("Claude Desktop: mcpServers with npx/uvx commands; its app settings are left alone", async () => {
    const agent = await read("claude_desktop_config.json");
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem", "github", "sqlite"]);
    expect(byName(agent.servers, "github").config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-github"],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: "<YOUR_TOKEN>" },
    });
    expect(agent.warnings).toEqual([]);
  });

  it("Cursor: ${env:NAME}, ${workspaceFolder}, an envFile, and an empty variable counts as set", async () => {
    const agent = await read("cursor-project/.cursor/mcp.json");
    const root = fixture("cursor-project");
    expect(agent.name).toBe("cursor-project");
    expect(byName(agent.servers, "brave-search").config).toMatchObject({
      env: { BRAVE_API_KEY: "" },
    });
    expect(byName(agent.servers, "remote-docs").config).toEqual({
      url: "https://docs.example.com/mcp?api_key=docs-key",
      headers: { Authorization: "Bearer docs-token" },
    });
    expect(byName(agent.servers, "project-tools").config).toMatchObject({
      args: [`${root}/tools/mcp-server.js`],
      env: { PROJECT_MODE: "dev", SHARED: "from env file" },
    });
  });

  it("VS Code mcp.json: comments, trailing commas, inputs, password inputs, sse, envFile", async () => {
    const asked: string[] = [];
    const agent = await readAgentFile(fixture("vscode-workspace/.vscode/mcp.json"), {
      env: { PATH: "/usr/bin" },
      inputs: (input) => {
        asked.push(`${input.id}:${input.password}`);
        return input.id === "github_token" ? "typed-token" : undefined;
      },
    });
    expect(asked).toEqual(["github_token:true", "proxy:false"]);
    expect(byName(agent.servers, "github").config).toEqual({
      type: "http",
      url: "https://api.githubcopilot.com/mcp/",
      headers: { Authorization: "Bearer typed-token" },
    });
    // The optional input stays empty; env given in the file wins over the envFile.
    expect(byName(agent.servers, "filesystem").config).toMatchObject({
      args: ["-y", "@modelcontextprotocol/server-filesystem", fixture("vscode-workspace")],
      env: { LOG_LEVEL: "debug", HTTPS_PROXY: "" },
    });
    expect(byName(agent.servers, "legacy-events").config).toMatchObject({ type: "sse" });
    expect(agent.warnings.map((w) => w.path)).toEqual(["servers.filesystem.dev"]);
    expect(agent.warnings[0]?.line).toBe(31);
  });

  it("VS Code: an input comes from its variable when nobody can be asked", async () => {
    const agent = await read("vscode-workspace/.vscode/mcp.json");
    expect(byName(agent.servers, "github").config).toMatchObject({
      headers: { Authorization: "Bearer ghp_fixture" },
    });
  });

  it("VS Code settings.json: the servers under mcp.servers", async () => {
    const agent = await read("vscode-settings.json");
    expect(agent.servers.map((s) => [s.name, s.path])).toEqual([
      ["memory", ["mcp", "servers", "memory"]],
    ]);
  });

  it("Cursor servers map: type http and a plain command", async () => {
    const agent = await read("cursor-servers.json");
    expect(byName(agent.servers, "context7").config).toEqual({
      type: "http",
      url: "https://mcp.context7.com/mcp",
      headers: {},
    });
  });

  it("Cline: autoApprove/alwaysAllow, disabled servers kept but not enabled, timeout in seconds", async () => {
    const agent = await read("cline_mcp_settings.json");
    const weather = byName(agent.servers, "weather");
    expect(weather.autoApprove).toEqual(["get_forecast"]);
    expect(weather.config.timeouts).toEqual({ callMs: 60_000 });
    const puppeteer = byName(
      agent.servers,
      "github.com/modelcontextprotocol/servers/tree/main/src/puppeteer",
    );
    expect(puppeteer).toMatchObject({ enabled: false, disabledReason: "disabled in the file" });
    expect(puppeteer.config.enabled).toBe(false);
    expect(byName(agent.servers, "fetch").autoApprove).toEqual(["fetch"]);
    expect(agent.warnings).toEqual([]);
  });

  it("Claude Code: type stdio/http/sse and ${VAR:-default}", async () => {
    const agent = await read("claude-code.mcp.json");
    expect(byName(agent.servers, "api-server").config).toEqual({
      type: "http",
      url: "https://api.example.com/mcp",
      headers: { Authorization: "Bearer claude-code-key" },
    });
    expect(byName(agent.servers, "events").config).toMatchObject({ type: "sse" });
    expect(byName(agent.servers, "local-db").config).toMatchObject({
      args: ["--connection", "postgres://db.local/app"],
    });
  });

  it("Windsurf: serverUrl is the url", async () => {
    const agent = await read("windsurf_mcp_config.json");
    expect(byName(agent.servers, "remote-figma").config).toEqual({
      url: "https://figma.example.com/mcp",
      headers: { "X-Figma-Token": "figma-token" },
    });
  });

  it("Roo Code: alwaysAllow approves, disabledTools excludes, watchPaths warns", async () => {
    const agent = await read("roo-project/.roo/mcp.json");
    const files = byName(agent.servers, "filesystem");
    expect(files.autoApprove).toEqual(["read_file", "list_directory"]);
    expect(files.tools).toEqual({ exclude: ["write_file", "move_file"] });
    expect(agent.warnings.map((w) => w.message)).toEqual([
      "Roo Code's watchPaths is ignored: tinyloop does not restart servers on file changes",
    ]);
  });

  it("tiny-agents folder: names from the commands, PROMPT.md, ${TINYLOOP_AGENT_DIR}", async () => {
    const agent = await read("tiny-agents-flat");
    expect(agent).toMatchObject({
      name: "tiny-agents-flat",
      model: "Qwen/Qwen2.5-72B-Instruct",
      provider: "nebius",
      promptFile: fixture("tiny-agents-flat/PROMPT.md"),
    });
    expect(agent.systemPrompt).toContain("keep going");
    expect(agent.servers.map((s) => s.name)).toEqual(["playwright", "filesystem"]);
    expect(byName(agent.servers, "filesystem").config).toMatchObject({
      args: ["-y", "@modelcontextprotocol/server-filesystem", fixture("tiny-agents-flat")],
    });
  });

  it("tiny-agents nested config: requestInit headers, ${input:…} in the apiKey and a header", async () => {
    const agent = await read("tiny-agents-nested/agent.json");
    expect(agent.apiKey).toBe("hf_fixture");
    expect(agent.promptFile).toBe(fixture("tiny-agents-nested/AGENTS.md"));
    expect(byName(agent.servers, "huggingface").config).toEqual({
      type: "http",
      url: "https://huggingface.co/mcp",
      headers: { Authorization: "Bearer hf_fixture" },
    });
  });

  it("tiny-agents: without expandModel the model's input is neither asked nor needed", async () => {
    const asked: string[] = [];
    const agent = await readAgentFile(fixture("tiny-agents-nested/agent.json"), {
      env: { PATH: "/usr/bin" },
      expandModel: false,
      inputs: (input) => {
        asked.push(input.id);
        return "t";
      },
    });
    // The token is still asked once: the http server's header uses it too.
    expect(asked).toEqual(["hf-token"]);
    expect(agent.apiKey).toBe("${input:hf-token}");
  });

  it("Hermes: seconds, include filter, disabled, OAuth servers skipped with a warning, other keys ignored", async () => {
    const agent = await read("hermes-config.yaml");
    expect(agent).toMatchObject({ model: "anthropic/claude-sonnet-4", provider: "openrouter" });
    const files = byName(agent.servers, "filesystem");
    expect(files.config.timeouts).toEqual({ callMs: 120_000, connectMs: 30_000 });
    expect(files.tools).toEqual({ include: ["read_file", "list_directory"] });
    expect(byName(agent.servers, "github").config).toMatchObject({
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_fixture", PORT: "3000" },
    });
    // `auth: oauth` is honoured: the server is started and logged in to when it asks.
    expect(byName(agent.servers, "linear")).toMatchObject({ enabled: true });
    expect(byName(agent.servers, "old-server").enabled).toBe(false);
    const messages = agent.warnings.map((w) => `${w.path}: ${w.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^mcp_servers.filesystem.tools.resources: /),
      expect.stringMatching(/^mcp_servers.filesystem.tools.prompts: /),
      expect.stringMatching(/^mcp_servers.github.idle_timeout_seconds: Hermes/),
      expect.stringMatching(/^mcp_servers.github.max_lifetime_seconds: Hermes/),
    ]);
  });

  it("Hermes: a string model, a one-name exclude, ${VAR} in a header", async () => {
    const agent = await read("hermes-minimal.yaml");
    expect(agent).toMatchObject({ model: "gpt-4o", provider: "openai", maxTurns: 30 });
    expect(byName(agent.servers, "docs").config).toMatchObject({
      headers: { Authorization: "Bearer docs-token" },
      timeouts: { callMs: 30_000 },
    });
    expect(byName(agent.servers, "time").tools).toEqual({ exclude: ["convert_time"] });
  });

  it("a byte order mark, comments and trailing commas", async () => {
    const agent = await read("bom-comments.mcp.json");
    expect(agent.servers.map((s) => s.name)).toEqual(["everything"]);
  });

  it("tinyloop's keys: lazy, alwaysLoad, tools; typos and duplicate keys only warn", async () => {
    const warnings: string[] = [];
    const agent = await readAgentFile(fixture("tinyloop-extras.mcp.json"), {
      env: FIXTURE_ENV,
      onWarning: (w) => warnings.push(w.text),
    });
    expect(agent).toMatchObject({ model: "gpt-4o-mini", provider: "openai", approval: "ask" });
    expect(byName(agent.servers, "files")).toMatchObject({
      alwaysLoad: true,
      tools: { exclude: ["write_*"] },
    });
    expect(byName(agent.servers, "browser").lazy).toBe(true);
    expect(warnings).toEqual([
      `${fixture("tinyloop-extras.mcp.json")}:4:3: warning: duplicate key "provider"; the last one is used`,
      `${fixture("tinyloop-extras.mcp.json")}:17:7: warning: mcpServers.browser.comand: unknown key "comand" in mcpServers.browser, ignored; did you mean "command"?`,
      `${fixture("tinyloop-extras.mcp.json")}:18:7: warning: mcpServers.browser.colour: unknown key "colour" in mcpServers.browser, ignored`,
    ]);
    expect(agent.warnings.map((w) => w.text)).toEqual(warnings);
  });
});

describe("bad files", () => {
  it.each(BAD_FIXTURES)(
    "$path: $code with where, what and an example",
    async ({ path, code, expect: words }) => {
      const env = { PATH: "/usr/bin" };
      const error = await readAgentFile(fixture(path), { env }).catch((e: unknown) => e);
      expect(AgentFileError.isInstance(error)).toBe(true);
      const e = error as AgentFileError;
      expect(e.code).toBe(code);
      expect(e.name).toBe("AgentFileError");
      for (const word of words) expect(e.message).toContain(word);
      expect(e.message).not.toMatch(/\n\s+at /);
    },
  );

  it("carries the parts of the message as fields", async () => {
    const error = (await readAgentFile(fixture("bad/ftp-url.mcp.json")).catch(
      (e) => e,
    )) as AgentFileError;
    expect(error).toMatchObject({
      file: fixture("bad/ftp-url.mcp.json"),
      line: 4,
      column: 14,
      path: "mcpServers.bad.url",
      expected: "an http(s) URL",
      received: 'a string ("ftp://files.example.com/mcp")',
      example: '"url": "https://example.com/mcp"',
    });
  });

  it("names a missing path and a folder without agent.json", async () => {
    await expect(readAgentFile("/nonexistent/agent.json")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("no such file or folder"),
    });
    await expect(readAgentFile(fixture("roo-project"))).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("the folder has no agent.json"),
    });
  });

  it("lists every input nobody answered", async () => {
    const error = (await readAgentFile(fixture("tiny-agents-nested"), { env: {} }).catch(
      (e) => e,
    )) as AgentFileError;
    expect(error.code).toBe("INPUT_MISSING");
    expect(error.message).toContain("hf-token (Hugging Face token): set HF_TOKEN=…");
  });
});

describe("OAuth settings of an HTTP server", () => {
  it("pass an `oauth` block on to the server config, and check it there", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "agent-files-oauth-"));
    const good = join(dir, "mcp.json");
    writeFileSync(
      good,
      JSON.stringify({
        mcpServers: {
          linear: {
            url: "https://mcp.example.test/mcp",
            oauth: { clientId: "abc", scopes: ["read"] },
          },
        },
      }),
    );
    const agent = await readAgentFile(good, { env: {} });
    expect(byName(agent.servers, "linear").config).toMatchObject({
      oauth: { clientId: "abc", scopes: ["read"] },
    });
    expect(agent.warnings).toEqual([]);
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        mcpServers: { linear: { url: "https://mcp.example.test/mcp", oauth: { clientId: 7 } } },
      }),
    );
    const error = await readAgentFile(bad, { env: {} }).catch((e: unknown) => e);
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).toContain("oauth");
  });
});
