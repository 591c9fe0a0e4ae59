import { Agent, type ApproveToolCall } from "@tinyloop/agent-loop";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { AgentServerOptions } from "./server-options.js";

/** What every served run's agent is built from: the agent's settings, shared by all runs. */
export type RunSettings = Pick<
  AgentServerOptions,
  | "registry"
  | "systemPrompt"
  | "endWhen"
  | "maxTurns"
  | "toolConcurrency"
  | "tools"
  | "toolSearch"
  | "tracing"
>;

/**
 * A fresh `Agent` for one run (an HTTP request, an MCP tool call) over the shared tools;
 * unset settings stay the agent loop's defaults.
 */
export function agentForRun(
  settings: RunSettings,
  model: ChatModel,
  approve: ApproveToolCall | undefined,
): Agent {
  return new Agent({
    model,
    registry: settings.registry,
    ...(settings.systemPrompt !== undefined ? { systemPrompt: settings.systemPrompt } : {}),
    ...(settings.endWhen ? { endWhen: settings.endWhen } : {}),
    ...(settings.maxTurns ? { maxTurns: settings.maxTurns } : {}),
    ...(settings.toolConcurrency ? { toolConcurrency: settings.toolConcurrency } : {}),
    ...(settings.tools ? { tools: settings.tools } : {}),
    ...(settings.toolSearch ? { toolSearch: settings.toolSearch } : {}),
    ...(approve ? { approve } : {}),
    ...(settings.tracing ? { tracing: settings.tracing } : {}),
  });
}
