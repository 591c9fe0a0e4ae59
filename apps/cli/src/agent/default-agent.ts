import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import type { AgentServer, AgentSpec } from "./agent-spec.js";

const require = createRequire(import.meta.url);

/** Absolute path of an executable on `PATH`, or undefined. No shell is run. */
export function findOnPath(
  name: string,
  pathVariable = process.env.PATH ?? "",
): string | undefined {
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The filesystem MCP server's script, from the CLI's own dependencies (never downloaded). */
export function filesystemServerScript(): string {
  return require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
}

/** Playwright's MCP server script, from the CLI's own dependencies. */
export function playwrightServerScript(): string {
  return join(dirname(require.resolve("@playwright/mcp/package.json")), "cli.js");
}

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
  pathVariable?: string;
}): AgentSpec {
  const servers: AgentServer[] = [
    {
      name: "filesystem",
      origin: ["default agent", "filesystem"],
      transport: {
        type: "stdio",
        command: process.execPath,
        args: [filesystemServerScript(), cwd],
        env: {},
      },
    },
  ];
  const chromium =
    findOnPath("chromium", pathVariable) ?? findOnPath("chromium-browser", pathVariable);
  if (chromium) {
    servers.push({
      name: "playwright",
      origin: ["default agent", "playwright"],
      transport: {
        type: "stdio",
        command: process.execPath,
        args: [
          playwrightServerScript(),
          "--headless",
          "--browser",
          "chromium",
          "--executable-path",
          chromium,
          "--no-sandbox",
          "--isolated",
        ],
        env: {},
      },
    });
  }
  return { format: "default", inputs: [], servers };
}
