import type { AgentFileServer } from "@tinyloop/agent-files";
import type { ApproveToolCall } from "@tinyloop/agent-loop";

/**
 * Runs the tools a server's entry lists in `autoApprove` / `alwaysAllow` (Cline, Roo Code)
 * without asking; every other call goes to `approve`. `resolveTool` maps a registered name
 * back to its server and the server's own tool name (the hub knows it once connected).
 */
export function withAutoApprove(
  approve: ApproveToolCall | undefined,
  servers: readonly AgentFileServer[],
  resolveTool: (name: string) => { server: string; tool: string } | undefined,
): ApproveToolCall | undefined {
  if (!approve) return undefined;
  const isAutoApproved = autoApproval(servers, resolveTool);
  if (!isAutoApproved) return approve;
  return (call, definition, context) =>
    isAutoApproved(call.name) ? true : approve(call, definition, context);
}

/**
 * The registered names among `names` (a registry's tools, once the servers are connected)
 * of the tools a server's entry lists in `autoApprove` / `alwaysAllow`: an allow-list for
 * where approval is a list rather than a hook, such as agent-server's `approval.allow`.
 *
 * ```ts
 * const allow = autoApprovedTools(file.servers, session.registry.list().map((t) => t.name), (n) => session.hub.resolveTool(n));
 * ```
 */
export function autoApprovedTools(
  servers: readonly AgentFileServer[],
  names: readonly string[],
  resolveTool: (name: string) => { server: string; tool: string } | undefined,
): string[] {
  const isAutoApproved = autoApproval(servers, resolveTool);
  return isAutoApproved ? names.filter(isAutoApproved) : [];
}

/** Whether a registered name is auto-approved; undefined when no server lists any tool. */
function autoApproval(
  servers: readonly AgentFileServer[],
  resolveTool: (name: string) => { server: string; tool: string } | undefined,
): ((name: string) => boolean) | undefined {
  const allowed = new Map(servers.map((s) => [s.name, new Set(s.autoApprove)]));
  if (![...allowed.values()].some((set) => set.size > 0)) return undefined;
  return (name) => {
    const origin = resolveTool(name);
    return origin !== undefined && allowed.get(origin.server)?.has(origin.tool) === true;
  };
}
