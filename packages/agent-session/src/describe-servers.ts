import { type AgentFileServer, serverSandboxPolicy } from "@tinyloop/agent-files";
import { redactUrlsInText } from "@tinyloop/errors";
import type { McpHub, RegistrationReport, ServerStatus } from "@tinyloop/mcp-registration";
import type { SandboxPolicy } from "@tinyloop/mcp-transport";
import type { ToolDefinition, ToolRegistry } from "@tinyloop/registry";

/** One server as `tinyloop mcp tools --json` shows it: see {@link describeServers}. */
export type ServerDescription = ServerStatus & {
  /** Why a disabled server is not started (`disabled: true`, needs OAuth, …). */
  disabledReason?: string | undefined;
  /** What was registered, skipped by the filters or collisions, and warned about. */
  report: RegistrationReport | undefined;
  /** The server's tools under the names the model sees. */
  tools: readonly ToolDefinition[];
  /**
   * What a stdio server may read, write and reach (agent-files' `serverSandboxPolicy`), or
   * `false` when it runs unconfined; absent for a server reached by URL.
   */
  sandbox?: SandboxPolicy | false;
};

/**
 * Each server of the hub with its state, its tools as registered, what was skipped and why,
 * why a disabled one is off, and a stdio server's sandbox policy — with URLs in errors
 * masked. `servers` are the agent's (for the disabled reasons and the policies).
 */
export function describeServers(
  hub: McpHub,
  registry: ToolRegistry,
  servers: readonly AgentFileServer[],
): ServerDescription[] {
  return hub.servers().map((s) => {
    const server = servers.find((agent) => agent.name === s.name);
    const sandbox = server && serverSandboxPolicy(server);
    return {
      ...s,
      ...(s.lastError ? { lastError: redactUrlsInText(s.lastError) } : {}),
      ...(s.state === "disabled" ? { disabledReason: server?.disabledReason } : {}),
      report: hub.report(s.name),
      tools: registry.list({ toolsets: [`mcp-${s.name}`] }),
      ...(sandbox === undefined ? {} : { sandbox }),
    };
  });
}
