import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// The default agent itself is agent-files' `defaultAgent` (servers by their bin names); these
// are the scripts behind those bins, which `withBundledServers` runs from the CLI's own
// dependencies.

const require = createRequire(import.meta.url);

/** The filesystem MCP server's script, from the CLI's own dependencies (never downloaded). */
export function filesystemServerScript(): string {
  return require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
}

/** Playwright's MCP server script, from the CLI's own dependencies. */
export function playwrightServerScript(): string {
  return join(dirname(require.resolve("@playwright/mcp/package.json")), "cli.js");
}
