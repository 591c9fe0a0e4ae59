import type { AgentFileServer } from "@tinyloop/agent-files";
import { redactUrlsInText } from "@tinyloop/errors";
import type { McpHub, RegistrationReport, ServerStatus } from "@tinyloop/mcp-registration";
import type { ToolDefinition, ToolRegistry } from "@tinyloop/registry";

/** One server as `tinyloop mcp tools --json` shows it: see {@link describeServers}. */
export type ServerDescription = ServerStatus & {
  /** Why a disabled server is not started (`disabled: true`, needs OAuth, …). */
  disabledReason?: string | undefined;
  /** What was registered, skipped by the filters or collisions, and warned about. */
  report: RegistrationReport | undefined;
  /** The server's tools under the names the model sees. */
  tools: readonly ToolDefinition[];
};

/**
 * Each server of the hub with its state, its tools as registered, what was skipped and why,
 * and why a disabled one is off — with URLs in errors masked. `servers` are the agent's
 * (for the disabled reasons).
 */
export function describeServers(
  hub: McpHub,
  registry: ToolRegistry,
  servers: readonly AgentFileServer[],
): ServerDescription[] {
  return hub.servers().map((s) => ({
    ...s,
    ...(s.lastError ? { lastError: redactUrlsInText(s.lastError) } : {}),
    ...(s.state === "disabled"
      ? { disabledReason: servers.find((agent) => agent.name === s.name)?.disabledReason }
      : {}),
    report: hub.report(s.name),
    tools: registry.list({ toolsets: [`mcp-${s.name}`] }),
  }));
}
