import type { AgentFileServer } from "@tinyloop/agent-files";
import { isServerUsable, type McpHub } from "@tinyloop/mcp-registration";

/** How an agent's servers stand: see {@link sessionStatus}. */
export interface SessionStatus {
  /** Servers the file enables (disabled ones are never started). */
  enabled: number;
  /** Enabled servers that are ready, or idle (lazy, known from the manifest cache: their tools are there). */
  connected: number;
  /** `filesystem — None of the specified directories are accessible`, one per failed server. */
  failures: string[];
}

/**
 * Counts an agent's servers for a summary such as "no server connected (fs — reason)": a
 * program can refuse to run with servers configured but none connected.
 */
export function sessionStatus(
  servers: readonly AgentFileServer[],
  hub: McpHub,
  failures: ReadonlyMap<string, string>,
): SessionStatus {
  return {
    enabled: servers.filter((s) => s.enabled).length,
    connected: hub.servers().filter((s) => isServerUsable(s.state)).length,
    failures: [...failures].map(([server, reason]) => `${server} — ${reason}`),
  };
}

/**
 * `no server connected (filesystem — None of the specified directories are accessible)` when
 * the file enables servers and none is connected (ready, or idle: lazy with its tools known);
 * undefined otherwise. A program may refuse to run then, rather than run without tools.
 */
export function noServerConnected(status: SessionStatus): string | undefined {
  if (status.enabled === 0 || status.connected > 0) return undefined;
  return `no server connected (${status.failures.join("; ") || "none became ready"})`;
}
