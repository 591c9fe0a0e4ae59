import { isServerUsable, type ServerState } from "@tinyloop/mcp-registration";
import type { ApprovalPolicy } from "./serve-approval.js";
import type { ResolvedServerOptions } from "./server-options.js";

/** One MCP server as `/healthz` and the tools endpoint show it. */
export interface ServerInfo {
  name: string;
  /** mcp-registration's `ServerState`: `ready`, `idle`, `reconnecting`, `failed`, … */
  state: ServerState;
  /**
   * Whether its tools work now: mcp-registration's `isServerUsable` (`ready`, or `idle`: a
   * lazy server not started yet, which its first tool call starts). The one rule behind
   * `/healthz`'s `ok` and the chat page's count, as behind a session's "connected N/M".
   */
  usable: boolean;
  tools: number;
  last_error: string | null;
}

/** `GET /v1/models`: the one model this server is, in OpenAI's list shape. */
export function modelsBody(options: ResolvedServerOptions, startedAt: number) {
  return {
    object: "list",
    data: [
      {
        id: options.modelName,
        object: "model",
        created: Math.floor(startedAt / 1000),
        owned_by: "tinyloop",
      },
    ],
  };
}

function servers(options: ResolvedServerOptions): ServerInfo[] {
  return (options.hub?.servers() ?? []).map((status) => ({
    name: status.name,
    state: status.state,
    usable: isServerUsable(status.state),
    tools: status.toolCount,
    last_error: status.lastError ?? null,
  }));
}

/**
 * `GET /healthz`: `ok` when every MCP server is usable (ready, or idle: lazy and not
 * started yet), `degraded` when one is not (the agent still runs, without those tools), `draining` while shutting down (status 503).
 */
export function healthBody(
  options: ResolvedServerOptions,
  state: { draining: boolean; inFlight: number; startedAt: number },
) {
  const list = servers(options);
  const status = state.draining
    ? "draining"
    : list.every((server) => server.usable)
      ? "ok"
      : "degraded";
  return {
    status,
    model: options.modelName,
    uptime_s: Math.round((Date.now() - state.startedAt) / 1000),
    in_flight: state.inFlight,
    max_concurrency: options.maxConcurrency,
    servers: list,
  };
}

/** `GET /tinyloop/v1/tools`: servers and the tools the agent offers, for the chat page's panel. */
export function toolsBody(options: ResolvedServerOptions, approval: ApprovalPolicy) {
  return {
    model: options.modelName,
    approval: approval.mode,
    approve_in_page: approval.inPage,
    servers: servers(options),
    tools: options.registry.list(options.tools).map((definition) => {
      const origin = options.hub?.resolveTool(definition.name);
      const needsApproval = approval.needsApproval(definition);
      return {
        name: definition.name,
        toolset: definition.toolset,
        server: origin?.server ?? null,
        description: definition.description,
        needs_approval: needsApproval,
        allowed: !needsApproval || approval.allowed(definition.name),
      };
    }),
  };
}
