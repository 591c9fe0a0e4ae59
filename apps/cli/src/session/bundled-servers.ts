import {
  AGENT_SERVER_COMMAND,
  type AgentFileServer,
  withProvidedCommands,
} from "@tinyloop/agent-files";
import { filesystemServerScript, playwrightServerScript } from "../agent/default-agent.js";

/** The bins of the MCP servers the CLI ships as its own dependencies, run with the current Node. */
const BUNDLED_BINS = {
  "mcp-server-filesystem": () => ({ command: process.execPath, args: [filesystemServerScript()] }),
  "playwright-mcp": () => ({ command: process.execPath, args: [playwrightServerScript()] }),
  // `{ "agent": "../researcher" }` entries run `tinyloop mcp serve …`: this very CLI.
  [AGENT_SERVER_COMMAND]: () => ({ command: process.execPath, args: [process.argv[1] ?? ""] }),
};

/** Bare commands the CLI can run from its own dependencies (see {@link withBundledServers}). */
export const BUNDLED_COMMANDS: readonly string[] = Object.keys(BUNDLED_BINS);

/**
 * Runs a stdio server whose command is the bare bin name of a server the CLI bundles
 * (`mcp-server-filesystem`, `playwright-mcp`) from the CLI's own dependencies with the
 * current Node, when that name is not found on `PATH` (agent-files' `withProvidedCommands`).
 * So an agent file saying `"command": "mcp-server-filesystem"` works without a global
 * install, and never downloads. A bin that is on `PATH` wins (the user's own install).
 */
export function withBundledServers(
  servers: readonly AgentFileServer[],
  pathVariable = process.env.PATH ?? "",
): AgentFileServer[] {
  return withProvidedCommands(servers, BUNDLED_BINS, pathVariable);
}
