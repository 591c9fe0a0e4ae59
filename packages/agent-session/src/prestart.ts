import { type AgentFile, toServerEntries } from "@tinyloop/agent-files";
import type { StdioServerConfig } from "@tinyloop/mcp-transport/config";
import {
  defaultMaxConcurrentStarts,
  type PrestartedServers,
  prestartStdioServers,
} from "@tinyloop/mcp-transport/prestart";

export type { PrestartedServers };

/** Options of {@link prestartAgentServers}. */
export interface PrestartAgentServersOptions {
  /** The session will open with `lazy: true` (`--lazy`): then nothing is started early. */
  lazy?: boolean;
  /** Guard the started processes with the parent-death watchdog (as the session's `watchdog`). */
  watchdog?: boolean;
  /**
   * The session's `maxConcurrentStarts` (default 32, or 2 × CPU cores where more): only the servers that will
   * start first — the first that many eager servers in file order — are started early.
   */
  maxConcurrentStarts?: number;
}

/**
 * Starts an agent's eager stdio servers now, before a program loads the MCP SDK, the agent
 * loop and the model adapters, so the servers boot while those load. The configs are the
 * ones `connectServers` hands to `connectServer` for the same servers, so the session
 * opened next adopts each running process instead of spawning another. Disabled and lazy
 * servers are not started; HTTP servers have nothing to start. The caller stops what was
 * not adopted with `close()` on every path (once the session is open, and on exit).
 * Call it only with an agent already read and checked: a bad file must start nothing.
 * This entry (`@tinyloop/agent-session/prestart`) loads neither the MCP SDK nor zod.
 *
 * @example
 * const prestarted = prestartAgentServers(agent, { watchdog: true });
 * try {
 *   const { openAgentSession } = await import("@tinyloop/agent-session");
 *   session = await openAgentSession({ agent, model, watchdog: true });
 * } finally {
 *   await prestarted.close(); // adopted processes are the session's now
 * }
 */
export function prestartAgentServers(
  agent: Pick<AgentFile, "servers">,
  {
    lazy = false,
    watchdog = false,
    maxConcurrentStarts = defaultMaxConcurrentStarts(),
  }: PrestartAgentServersOptions = {},
): PrestartedServers {
  const started: Record<string, StdioServerConfig> = {};
  if (!lazy) {
    const entries = toServerEntries(agent.servers);
    // The hub starts eager servers in file order, this many at once (HTTP ones included).
    const first = agent.servers.filter((s) => s.enabled && !s.lazy).slice(0, maxConcurrentStarts);
    for (const server of first) {
      const entry = entries[server.name];
      if (!entry || !("command" in entry)) continue;
      started[server.name] = entry;
    }
  }
  return prestartStdioServers(started, { watchdog });
}
