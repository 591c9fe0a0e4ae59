import { FIXTURE_ENV, fixture } from "@tinyloop/test-fixtures/agent-files";
import { describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

describe("Zed settings.json", () => {
  it("reads the flat shape, the older command object and url + headers; skips an extension's entry with a warning", async () => {
    const agent = await readAgentFile(fixture("zed/settings.json"), { env: FIXTURE_ENV });
    expect(agent.format).toBe("zed");
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem", "github", "remote-docs"]);
    expect(agent.servers[1]?.config).toEqual({
      type: "stdio",
      command: "docker",
      args: [
        "run",
        "-i",
        "--rm",
        "-e",
        "GITHUB_PERSONAL_ACCESS_TOKEN",
        "ghcr.io/github/github-mcp-server",
      ],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_fixture" },
    });
    // No type in Zed: Streamable HTTP with the SSE fallback.
    expect(agent.servers[2]?.config).toEqual({
      url: "https://docs.example.com/mcp",
      headers: { Authorization: "Bearer docs-token" },
    });
    expect(agent.warnings.map((w) => `${w.line}:${w.column} ${w.path}: ${w.message}`)).toEqual([
      `26:5 context_servers.mcp-server-postgres: provided by a Zed extension (no "command" or "url"): only Zed can start it, so it is skipped`,
    ]);
  });

  it("is recognised by context_servers under any name; enabled: false is kept, not started", async () => {
    const agent = await readAgentFile(fixture("zed-settings.json"), { env: FIXTURE_ENV });
    expect(agent.servers.map((s) => [s.name, s.enabled])).toEqual([
      ["puppeteer", true],
      ["sqlite", false],
    ]);
    expect(agent.servers[0]?.config).toMatchObject({ env: {} });
  });
});
