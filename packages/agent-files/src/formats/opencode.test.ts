import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_ENV, fixture } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("opencode opencode.json / opencode.jsonc", () => {
  it("reads local and remote servers with {env:…} and {file:…} substituted", async () => {
    const agent = await readAgentFile(fixture("opencode-project/opencode.jsonc"), {
      env: FIXTURE_ENV,
    });
    expect(agent.format).toBe("opencode");
    expect(agent.warnings).toEqual([]);
    const [filesystem, docs, sentry] = agent.servers;
    // command is one list; {env:VAR} unset is an empty string, as in opencode; timeout (ms) is the start-up wait.
    expect(filesystem?.config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/fixture/projects"],
      env: { GITHUB_TOKEN: "ghp_fixture", UNSET_IS_EMPTY: "" },
      timeouts: { connectMs: 10_000 },
    });
    // remote: Streamable HTTP with SSE fallback; {file:…} relative to the config file, trimmed.
    expect(docs?.config).toEqual({
      url: "https://docs.example.com/mcp",
      headers: { Authorization: "Bearer opencode-file-token" },
      timeouts: { connectMs: 5000, callMs: 120_000 },
    });
    expect(sentry).toMatchObject({ enabled: false });
    expect(sentry?.config).toMatchObject({
      oauth: { clientId: "opencode-fixture", scopes: ["org:read", "project:read"] },
    });
  });

  it("a file whose servers are all disabled is valid", async () => {
    const agent = await readAgentFile(fixture("opencode-global/opencode.json"), {
      env: FIXTURE_ENV,
    });
    expect(agent.servers.map((s) => [s.name, s.enabled])).toEqual([
      ["jira", false],
      ["memory", false],
    ]);
  });

  it("a {file:…} that cannot be read is an error at its key", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-opencode-"));
    writeFileSync(
      join(dir, "opencode.json"),
      `{\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://x.example.com/mcp", "headers": { "Authorization": "{file:~/missing-token}" } }\n  }\n}\n`,
    );
    const error = await readAgentFile(join(dir, "opencode.json"), { env: { HOME: dir } }).catch(
      (e: unknown) => e,
    );
    const message = (error as Error).message;
    expect(message).toContain(
      `opencode.json:3:99: mcp.docs.headers.Authorization: a {file:…} substitution cannot be read: ${join(dir, "missing-token")}: no such file`,
    );
    expect(message).toContain("example:");
  });

  it("an opencode.json without mcp has no servers; by its $schema it is found under any name", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-opencode-"));
    writeFileSync(join(dir, "opencode.json"), `{ "theme": "opencode" }`);
    const agent = await readAgentFile(join(dir, "opencode.json"), { env: {} });
    expect(agent.servers).toEqual([]);
    expect(agent.warnings[0]?.message).toBe(`has no "mcp" object: no MCP servers to start`);
    mkdirSync(join(dir, "sub"));
    writeFileSync(
      join(dir, "sub", "team.json"),
      `{ "$schema": "https://opencode.ai/config.json", "mcp": { "m": { "type": "local", "command": ["mcp-m"] } } }`,
    );
    expect((await readAgentFile(join(dir, "sub", "team.json"), { env: {} })).format).toBe(
      "opencode",
    );
  });

  it("type local with a url names the key and the right type", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-opencode-"));
    writeFileSync(
      join(dir, "opencode.json"),
      `{ "mcp": { "docs": { "type": "local", "url": "https://x.example.com/mcp" } } }`,
    );
    await expect(readAgentFile(join(dir, "opencode.json"), { env: {} })).rejects.toThrow(
      /opencode\.json:1:30: mcp\.docs\.type: a "local" server is started by "command", but this one has "url"; expected "remote" beside "url"/,
    );
  });
});
