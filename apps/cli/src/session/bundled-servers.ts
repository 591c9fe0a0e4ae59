import type { AgentServer } from "../agent/agent-spec.js";
import {
  filesystemServerScript,
  findOnPath,
  playwrightServerScript,
} from "../agent/default-agent.js";

/** The bins of the MCP servers the CLI ships as its own dependencies, and their scripts. */
const BUNDLED_BINS: Readonly<Record<string, () => string>> = {
  "mcp-server-filesystem": filesystemServerScript,
  "playwright-mcp": playwrightServerScript,
};

/**
 * Runs a stdio server whose command is the bare bin name of a server the CLI bundles
 * (`mcp-server-filesystem`, `playwright-mcp`) from the CLI's own dependencies with the
 * current Node, when that name is not found on `PATH`. So an agent file saying
 * `"command": "mcp-server-filesystem"` works without a global install, and never downloads.
 * A bin that is on `PATH` wins (the user's own install); other commands are left as they are.
 */
export function withBundledServers(
  servers: readonly AgentServer[],
  pathVariable = process.env.PATH ?? "",
): AgentServer[] {
  return servers.map((server) => {
    const t = server.transport;
    if (t.type !== "stdio") return server;
    const script = Object.hasOwn(BUNDLED_BINS, t.command) ? BUNDLED_BINS[t.command] : undefined;
    if (!script || findOnPath(t.command, pathVariable)) return server;
    return {
      ...server,
      transport: { ...t, command: process.execPath, args: [script(), ...t.args] },
    };
  });
}
