// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Continue files spell ${{ secrets.NAME }} literally
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

describe("Continue config.yaml and .continue/mcpServers/*.yaml", () => {
  it("reads the mcpServers list; connectionTimeout in ms; ${{ secrets.NAME }} from the environment", async () => {
    const agent = await readAgentFile(fixture("continue-project/.continue/config.yaml"), {
      env: FIXTURE_ENV,
    });
    expect(agent.format).toBe("continue");
    expect(agent.warnings).toEqual([]);
    expect(agent.servers.map((s) => [s.name, s.path])).toEqual([
      ["SQLite", ["mcpServers", 0]],
      ["GitHub", ["mcpServers", 1]],
      ["Events", ["mcpServers", 2]],
    ]);
    expect(agent.servers[0]?.config).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", "mcp-sqlite", "/home/fixture/data.db"],
      env: {},
      timeouts: { connectMs: 20_000 },
    });
    expect(agent.servers[1]?.config).toEqual({
      type: "http",
      url: "https://api.githubcopilot.com/mcp/",
      headers: { Authorization: "Bearer ghp_fixture" },
    });
    expect(agent.servers[2]?.config).toMatchObject({ type: "sse" });
  });

  it("reads a one-file block", async () => {
    const agent = await readAgentFile(
      fixture("continue-project/.continue/mcpServers/playwright.yaml"),
      { env: FIXTURE_ENV },
    );
    expect(agent.servers[0]).toMatchObject({
      name: "Browser search",
      config: { command: "npx", cwd: "/tmp", env: { PLAYWRIGHT_HEADLESS: "true" } },
    });
  });

  it("an empty list is a valid file with no servers", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-continue-"));
    mkdirSync(join(dir, ".continue"));
    writeFileSync(
      join(dir, ".continue", "config.yaml"),
      "name: x\nversion: 1.0.0\nmcpServers: []\n",
    );
    const agent = await readAgentFile(join(dir, ".continue", "config.yaml"), { env: {} });
    expect(agent).toMatchObject({ format: "continue", servers: [], warnings: [] });
  });

  it("a server without a name names the list item", async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-continue-"));
    writeFileSync(join(dir, "config.yaml"), "mcpServers:\n  - command: npx\n");
    await expect(readAgentFile(join(dir, "config.yaml"), { env: {} })).rejects.toThrow(
      /config\.yaml:2:5: mcpServers\[0\]\.name: expected a string, got nothing[\s\S]*example: mcpServers: \[\{ name: files/,
    );
  });
});
