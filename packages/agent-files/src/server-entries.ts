import type { ServerConfig } from "@tinyloop/mcp-transport";
import type { AgentFileServer, AgentFileToolFilter } from "./agent-file.js";

/**
 * One server as mcp-registration's `connectAll` takes it: the transport config, a filter,
 * and the tool-search keys (`lazy`: start on first call, tools from the manifest cache;
 * `alwaysLoad`: never deferred).
 */
export type AgentFileServerEntry = ServerConfig & {
  tools?: AgentFileToolFilter;
  lazy?: boolean;
  alwaysLoad?: boolean;
};

/**
 * The agent's servers as `connectAll`'s record, keyed by name. A disabled server stays in
 * (with `enabled: false`) so it is listed as disabled. `extraEnv` is added to every stdio env.
 */
export function toServerEntries(
  servers: readonly AgentFileServer[],
  { extraEnv }: { extraEnv?: Record<string, string> } = {},
): Record<string, AgentFileServerEntry> {
  const out: Record<string, AgentFileServerEntry> = {};
  for (const server of servers) {
    let config: ServerConfig = server.config;
    if (extraEnv && "command" in config)
      config = { ...config, env: { ...config.env, ...extraEnv } };
    out[server.name] = {
      ...config,
      ...(server.tools ? { tools: server.tools } : {}),
      ...(server.lazy !== undefined ? { lazy: server.lazy } : {}),
      ...(server.alwaysLoad !== undefined ? { alwaysLoad: server.alwaysLoad } : {}),
    };
  }
  return out;
}
