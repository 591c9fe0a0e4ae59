import { FIXTURE_ENV, fixture } from "@tinyloop/test-fixtures/agent-files";
import { describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

describe("Goose config.yaml", () => {
  it("reads stdio, streamable_http and sse extensions; timeout in seconds; builtin skipped with a warning", async () => {
    const agent = await readAgentFile(fixture("goose/config.yaml"), { env: FIXTURE_ENV });
    expect(agent.format).toBe("goose");
    const [github, docs, events] = agent.servers;
    expect(agent.servers.map((s) => s.name)).toEqual(["github", "docs", "events"]);
    // env_keys forwards the named variables from the environment.
    expect(github?.config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-github"],
      env: { GITHUB_TOKEN: "ghp_fixture", GITHUB_API_URL: "https://api.github.com" },
      timeouts: { callMs: 300_000 },
    });
    expect(docs?.config).toEqual({
      type: "http",
      url: "https://docs.example.com/mcp",
      headers: { Authorization: "Bearer docs-token" },
      timeouts: { callMs: 2500 },
    });
    expect(docs?.tools).toEqual({ include: ["search_docs"] });
    expect(events).toMatchObject({ enabled: false });
    expect(events?.config).toMatchObject({ type: "sse", timeouts: { callMs: 60_000 } });
    expect(agent.warnings.map((w) => `${w.line}:${w.column} ${w.path}: ${w.message}`)).toEqual([
      "11:5 extensions.developer.type: a Goose builtin extension runs inside Goose: tinyloop cannot start it, so it is skipped",
    ]);
  });

  it("an env_keys variable that is not set is a warning, not an error", async () => {
    const { GITHUB_TOKEN: _, ...env } = FIXTURE_ENV;
    const agent = await readAgentFile(fixture("goose/config.yaml"), { env });
    expect(agent.servers[0]?.config).toMatchObject({
      env: { GITHUB_API_URL: "https://api.github.com" },
    });
    expect(agent.warnings.map((w) => w.path)).toContain("extensions.github.env_keys[0]");
  });

  it("is recognised by its extensions under any name; YAML numbers become strings", async () => {
    const agent = await readAgentFile(fixture("goose-extensions.yaml"), { env: FIXTURE_ENV });
    expect(agent.format).toBe("goose");
    expect(agent.servers.map((s) => s.name)).toEqual(["fetch"]);
    expect(agent.servers[0]?.config).toMatchObject({ env: { PORT: "8080" } });
  });
});
