// The registry's tool search (what an agent's tool_search runs) over the tools of real MCP
// servers, registered as tinyloop registers them: short keyword queries as a model writes
// them, exact names, and a tool list that changes mid-session.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { GITHUB_LIKE_TOOLS } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { dynamicServer, everythingServer, filesystemServer } from "../test/servers.js";
import { connectAll } from "./connect-all.js";

const guard = useProcessGuard();
const require = createRequire(import.meta.url);

/** @playwright/mcp over stdio; listing its tools starts no browser. */
function playwrightServer() {
  const cli = join(dirname(require.resolve("@playwright/mcp/package.json")), "cli.js");
  return {
    command: process.execPath,
    args: [cli, "--headless", "--browser", "chromium", "--no-sandbox", "--isolated"],
  };
}

/** A registry with the tools of `servers` registered through a hub the guard closes. */
async function registryOf(servers: Record<string, { command: string; args: string[] }>) {
  const registry = new ToolRegistry();
  const env = guard.env();
  const entries = Object.fromEntries(
    Object.entries(servers).map(([name, command]) => [name, { ...command, env }]),
  );
  guard.track(await connectAll(entries, registry));
  const top = (query: string, limit = 3) =>
    registry.search(query, { limit }).map((match) => match.definition.name);
  return { registry, top };
}

/** Resolves once `check` holds after a change of `registry`. */
function registryWhere(
  registry: ToolRegistry,
  check: (tools: readonly ToolDefinition[]) => boolean,
) {
  return new Promise<void>((resolve) => {
    const off = registry.onChange(() => {
      if (!check(registry.list())) return;
      off();
      resolve();
    });
  });
}

describe("registry search over the tools of real MCP servers", () => {
  it("answers short keyword queries and exact names over filesystem, everything, Playwright and a GitHub-like server", async () => {
    const directory = mkdtempSync(join(tmpdir(), "search-registered-"));
    guard.defer(() => rmSync(directory, { recursive: true, force: true }));
    const { registry, top } = await registryOf({
      fs: filesystemServer(directory),
      everything: everythingServer(),
      playwright: playwrightServer(),
      github: dynamicServer([...GITHUB_LIKE_TOOLS], "github"),
    });
    const servers = new Set(registry.list().map((tool) => tool.source?.server));
    expect([...servers].sort()).toEqual(["everything", "fs", "github", "playwright"]);
    expect(registry.list().length).toBeGreaterThan(60);

    // One- and two-word keyword queries: the tool a user means, first.
    expect(top("screenshot")[0]).toBe("mcp_playwright_browser_take_screenshot");
    expect(top("navigate")[0]).toBe("mcp_playwright_browser_navigate");
    expect(top("click")[0]).toBe("mcp_playwright_browser_click");
    expect(top("list directory")[0]).toBe("mcp_fs_list_directory");
    expect(top("move file")[0]).toBe("mcp_fs_move_file");
    expect(top("tiny image")[0]).toBe("mcp_everything_get-tiny-image");
    expect(top("sum")[0]).toBe("mcp_everything_get-sum");
    expect(top("merge pull request")[0]).toBe("mcp_github_merge_pull_request");
    expect(top("fork")[0]).toBe("mcp_github_fork_repository");
    expect(top("comment issue")[0]).toBe("mcp_github_add_issue_comment");
    expect(top("branches")[0]).toBe("mcp_github_list_branches");

    // A typo, and the start of a word.
    expect(top("scrennshot")[0]).toBe("mcp_playwright_browser_take_screenshot");
    expect(top("navig")[0]).toBe("mcp_playwright_browser_navigate");
    expect(top("pull req diff")[0]).toBe("mcp_github_get_pull_request_diff");

    // Exact names first, registered or as the server calls them, hyphens and all.
    expect(top("browser_snapshot")[0]).toBe("mcp_playwright_browser_snapshot");
    expect(top("get-env")[0]).toBe("mcp_everything_get-env");
    expect(top("mcp_fs_read_text_file, create_issue", 2)).toEqual([
      "mcp_fs_read_text_file",
      "mcp_github_create_issue",
    ]);
  });

  it("finds tools added by tools/list_changed and forgets removed ones", async () => {
    const { registry, top } = await registryOf({
      github: dynamicServer([...GITHUB_LIKE_TOOLS], "github"),
    });
    expect(top("discussions")).not.toContain("mcp_github_list_discussions");
    expect(top("fork")).toContain("mcp_github_fork_repository");
    const synced = registryWhere(
      registry,
      (tools) =>
        tools.some((tool) => tool.name === "mcp_github_list_discussions") &&
        !tools.some((tool) => tool.name === "mcp_github_fork_repository"),
    );
    const result = await registry.dispatch("mcp_github_control", {
      add: [{ name: "list_discussions", description: "List the discussions of a repository." }],
      remove: ["fork_repository"],
    });
    expect(result.isError).toBeUndefined();
    await synced;
    expect(top("discussions")[0]).toBe("mcp_github_list_discussions");
    expect(top("fork")).not.toContain("mcp_github_fork_repository");
    expect(top("fork_repository")).not.toContain("mcp_github_fork_repository");
  });
});
