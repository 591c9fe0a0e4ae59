import { type AgentFile, toServerEntries } from "@tinyloop/agent-files";
import type { StdioServerConfig } from "@tinyloop/mcp-transport/config";
import { type PrestartedServers, prestartStdioServers } from "@tinyloop/mcp-transport/prestart";
import { withBundledServers } from "../session/bundled-servers.js";

/**
 * Starts the agent's eager stdio servers' processes now, before the CLI loads the MCP SDK,
 * the agent loop and the model adapters, so the servers boot while those load;
 * `connectServer` adopts each when the session connects (same command, args, env, cwd).
 * Disabled and lazy servers (`lazy: true`, `--lazy`) are not started. The caller stops what
 * was not adopted with `close()` on every path. Call it only with a read and checked agent.
 */
export function prestartServers(spec: AgentFile, { lazy = false }: { lazy?: boolean }) {
  const started: Record<string, StdioServerConfig> = {};
  if (lazy) return prestartStdioServers(started);
  // The configs exactly as the session will hand them to connectServer.
  const entries = toServerEntries(withBundledServers(spec.servers));
  for (const server of spec.servers) {
    const entry = entries[server.name];
    if (!server.enabled || server.lazy || !entry || !("command" in entry)) continue;
    started[server.name] = entry;
  }
  // The watchdog guards them from the start, should the CLI be SIGKILLed.
  return prestartStdioServers(started, { watchdog: true });
}

export type { PrestartedServers };
