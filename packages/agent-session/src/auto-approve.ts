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
  const allowed = new Map(servers.map((s) => [s.name, new Set(s.autoApprove)]));
  if (![...allowed.values()].some((set) => set.size > 0)) return approve;
  return (call, definition, context) => {
    const origin = resolveTool(call.name);
    if (origin && allowed.get(origin.server)?.has(origin.tool)) return true;
    return approve(call, definition, context);
  };
}
