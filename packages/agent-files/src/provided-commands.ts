import type { AgentFileServer } from "./agent-file.js";
import { findOnPath } from "./find-on-path.js";

/** How a program runs a command it provides itself: the program and the arguments before the entry's own. */
export interface ProvidedCommand {
  command: string;
  args: string[];
}

/**
 * Runs the stdio servers whose command is a bare name the program provides itself (e.g. a
 * server bin among its own dependencies) the program's way, when that name is not found on
 * `PATH`: `provided[name]()` gives the command and the arguments put before the entry's own.
 * So an agent file saying `"command": "mcp-server-filesystem"` works without a global
 * install. A command found on `PATH` wins (the user's own install); paths, other commands
 * and URL servers are left as they are. The same names go to `checkAgentFile`'s
 * `providedCommands`, so they are never reported as missing.
 *
 * @example
 * withProvidedCommands(file.servers, {
 *   "mcp-server-filesystem": () => ({ command: process.execPath, args: [filesystemScript] }),
 * });
 */
export function withProvidedCommands(
  servers: readonly AgentFileServer[],
  provided: Readonly<Record<string, () => ProvidedCommand>>,
  pathVariable = process.env.PATH ?? "",
): AgentFileServer[] {
  return servers.map((server) => {
    const c = server.config;
    if (!("command" in c)) return server;
    const run = Object.hasOwn(provided, c.command) ? provided[c.command] : undefined;
    if (!run || findOnPath(c.command, pathVariable)) return server;
    const { command, args } = run();
    return { ...server, config: { ...c, command, args: [...args, ...(c.args ?? [])] } };
  });
}
