import { FIXTURE_ENV, fixture } from "@tinyloop/test-fixtures/agent-files";
import { describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

describe("Gemini CLI settings.json", () => {
  it("reads mcpServers: url is SSE, httpUrl Streamable HTTP, timeout in ms, tool lists, mcp.excluded", async () => {
    const agent = await readAgentFile(fixture("gemini-project/.gemini/settings.json"), {
      env: FIXTURE_ENV,
    });
    expect(agent.format).toBe("gemini");
    // Gemini's own settings (model as an object, ui, hooks…) are not errors nor warnings.
    expect(agent.warnings).toEqual([]);
    expect(agent.model).toBeUndefined();
    const byName = Object.fromEntries(agent.servers.map((s) => [s.name, s]));
    expect(byName.filesystem?.config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
      env: {},
      cwd: ".",
      timeouts: { callMs: 30_000 },
    });
    expect(byName.filesystem?.tools).toEqual({ include: ["read_file", "list_directory"] });
    // `$VAR` is expanded as Gemini does, as well as `${VAR}`.
    expect(byName.github?.config).toEqual({
      type: "http",
      url: "https://api.githubcopilot.com/mcp/",
      headers: { Authorization: "Bearer ghp_fixture" },
      timeouts: { callMs: 600_000 },
    });
    expect(byName.github?.tools).toEqual({ exclude: ["delete_file"] });
    expect(byName.events?.config).toEqual({
      type: "sse",
      url: "https://events.example.com/sse",
      headers: {},
    });
    expect(byName["old-db"]).toMatchObject({
      enabled: false,
      disabledReason: "listed in mcp.excluded",
    });
  });

  it("is recognised by its keys outside .gemini/; oauth is mapped and trust is reported", async () => {
    const agent = await readAgentFile(fixture("gemini-settings.json"), { env: FIXTURE_ENV });
    expect(agent.format).toBe("gemini");
    expect(agent.servers[0]?.config).toMatchObject({
      type: "http",
      oauth: { clientId: "gemini-cli", scopes: ["read"] },
    });
    expect(agent.servers[1]?.config).toMatchObject({ env: { API_TOKEN: "docs-token" } });
    expect(agent.warnings.map((w) => w.path)).toEqual(["mcpServers.python-tools.trust"]);
  });
});
