import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type AgentFile, type AgentFileServer, findOnPath } from "@tinyloop/agent-files";

const require = createRequire(import.meta.url);

/** The filesystem MCP server's script, from the CLI's own dependencies (never downloaded). */
export function filesystemServerScript(): string {
  return require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
}

/** Playwright's MCP server script, from the CLI's own dependencies. */
export function playwrightServerScript(): string {
  return join(dirname(require.resolve("@playwright/mcp/package.json")), "cli.js");
}

const bundled = (name: string, args: string[]): AgentFileServer => ({
  name,
  path: ["default agent", name],
  config: { type: "stdio", command: process.execPath, args, env: {} },
  enabled: true,
  autoApprove: [],
});

/**
 * The agent used when no file is given: the filesystem server on `cwd`, plus Playwright's
 * browser server when a `chromium` executable is on PATH. The model comes from flags or
 * the environment (see the CLI README).
 */
export function defaultAgent({
  cwd,
  pathVariable,
}: {
  cwd: string;
  pathVariable?: string | undefined;
}): AgentFile {
  const servers = [bundled("filesystem", [filesystemServerScript(), cwd])];
  const chromium =
    findOnPath("chromium", pathVariable) ?? findOnPath("chromium-browser", pathVariable);
  if (chromium) {
    servers.push(
      bundled("playwright", [
        playwrightServerScript(),
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
