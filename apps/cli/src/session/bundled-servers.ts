import { type AgentFileServer, findOnPath } from "@tinyloop/agent-files";
import { filesystemServerScript, playwrightServerScript } from "../agent/default-agent.js";

/** The bins of the MCP servers the CLI ships as its own dependencies, and their scripts. */
const BUNDLED_BINS: Readonly<Record<string, () => string>> = {
  "mcp-server-filesystem": filesystemServerScript,
  "playwright-mcp": playwrightServerScript,
};

/** Bare commands the CLI can run from its own dependencies (see {@link withBundledServers}). */
export const BUNDLED_COMMANDS: readonly string[] = Object.keys(BUNDLED_BINS);

/**
 * Runs a stdio server whose command is the bare bin name of a server the CLI bundles
 * (`mcp-server-filesystem`, `playwright-mcp`) from the CLI's own dependencies with the
 * current Node, when that name is not found on `PATH`. So an agent file saying
 * `"command": "mcp-server-filesystem"` works without a global install, and never downloads.
 * A bin that is on `PATH` wins (the user's own install); other commands are left as they are.
 */
export function withBundledServers(
  servers: readonly AgentFileServer[],
  pathVariable = process.env.PATH ?? "",
): AgentFileServer[] {
  return servers.map((server) => {
    const c = server.config;
    if (!("command" in c)) return server;
    const script = Object.hasOwn(BUNDLED_BINS, c.command) ? BUNDLED_BINS[c.command] : undefined;
    if (!script || findOnPath(c.command, pathVariable)) return server;
    return {
      ...server,
      config: { ...c, command: process.execPath, args: [script(), ...(c.args ?? [])] },
    };
  });
}
