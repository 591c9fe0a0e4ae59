import type { AgentFile, ProviderPlan } from "@tinyloop/agent-files";
import { Agent, type ApproveToolCall, type ToolSearchMode } from "@tinyloop/agent-loop";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { ClientFeatureOptions, OAuthOptions } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { type ConnectProgress, connectServers } from "./connect-servers.js";

/** A running agent: its model, its tools and the servers behind them. */
export interface Session {
  agent: Agent;
  registry: ToolRegistry;
  hub: McpHub;
  model: ChatModel;
  spec: AgentFile;
  plan: ProviderPlan;
  /** Closes every server and the model. Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Connects the agent's servers and builds the loop around `model`. Closing the session
 * closes the servers (whole process trees) and the model.
 */
export async function openSession({
  spec,
  model,
  plan,
  progress,
  approve,
  maxTurns,
  extraEnv,
  features,
  oauth,
  onHub,
  toolSearch,
  lazy,
}: {
  spec: AgentFile;
  model: ChatModel;
  plan: ProviderPlan;
  progress: ConnectProgress;
  approve: ApproveToolCall | undefined;
  maxTurns?: number;
  extraEnv?: Record<string, string>;
  /** What servers may ask of the client (see `cliClientFeatures`). */
  features?: ClientFeatureOptions;
  /** OAuth for HTTP servers (see `cliOAuthOptions`). */
  oauth?: OAuthOptions;
  /** Told the hub as soon as it exists, so an exit during startup can still close it. */
  onHub?: (hub: McpHub) => void;
  /** `--tool-search`: when to keep tools back behind `tool_search` (the agent's default: auto). */
  toolSearch?: ToolSearchMode;
  /** `--lazy`: start every server on first use. */
  lazy?: boolean;
}): Promise<Session> {
  const registry = new ToolRegistry();
  const hub = await connectServers(spec.servers, registry, progress, {
    ...(extraEnv ? { extraEnv } : {}),
    ...(lazy ? { lazy } : {}),
    ...(features ? { features } : {}),
    ...(oauth ? { oauth } : {}),
  });
  onHub?.(hub);
  const agent = new Agent({
    model,
    registry,
    ...(spec.systemPrompt ? { systemPrompt: spec.systemPrompt } : {}),
    ...((maxTurns ?? spec.maxTurns) ? { maxTurns: maxTurns ?? spec.maxTurns } : {}),
    ...(spec.toolConcurrency ? { toolConcurrency: spec.toolConcurrency } : {}),
    ...(approve ? { approve } : {}),
    ...(toolSearch ? { toolSearch } : {}),
  });
  let closing: Promise<void> | undefined;
  return {
    agent,
    registry,
    hub,
    model,
    spec,
    plan,
    close: () => {
      closing ??= Promise.allSettled([hub.close(), model.close?.()]).then(() => undefined);
      return closing;
    },
  };
}
