import type { AgentFile, AgentFileServer } from "./agent-file.js";
import { findOnPath } from "./find-on-path.js";

/**
 * The filesystem server's bin (`@modelcontextprotocol/server-filesystem`), the one server of
 * the default agent and of a starter agent.
 */
export const FILESYSTEM_SERVER_COMMAND = "mcp-server-filesystem";
/** Playwright's MCP server bin (`@playwright/mcp`). */
const PLAYWRIGHT_BIN = "playwright-mcp";

const stdio = (name: string, command: string, args: string[]): AgentFileServer => ({
  name,
  path: ["default agent", name],
  config: { type: "stdio", command, args, env: {} },
  enabled: true,
  autoApprove: [],
});

/**
 * The agent a program runs when it is given no agent file (format `"default"`): the
 * filesystem server on `cwd`, plus Playwright's browser server — headless, isolated, on the
 * system's chromium — when a `chromium` (or `chromium-browser`) executable is on
 * `pathVariable`. Both are named by their bin names, `mcp-server-filesystem` and
 * `playwright-mcp`: the program provides them (the tinyloop CLI runs them from its own
 * dependencies; elsewhere, install `@modelcontextprotocol/server-filesystem` and
 * `@playwright/mcp`). It names no model: that comes from the program's flags or environment.
 *
 * ```ts
 * const agent = defaultAgent({ cwd: process.cwd(), pathVariable: process.env.PATH });
 * agent.servers.map((s) => s.name); // ["filesystem"], or ["filesystem", "playwright"]
 * ```
 */
export function defaultAgent({
  cwd,
  pathVariable,
}: {
  cwd: string;
  pathVariable?: string | undefined;
}): AgentFile {
  const servers = [stdio("filesystem", FILESYSTEM_SERVER_COMMAND, [cwd])];
  const chromium =
    findOnPath("chromium", pathVariable) ?? findOnPath("chromium-browser", pathVariable);
  if (chromium) {
    servers.push(
      stdio("playwright", PLAYWRIGHT_BIN, [
        "--headless",
        "--browser",
        "chromium",
        "--executable-path",
        chromium,
        "--no-sandbox",
        "--isolated",
      ]),
    );
  }
  return { format: "default", name: "default agent", inputs: [], servers, warnings: [] };
}
