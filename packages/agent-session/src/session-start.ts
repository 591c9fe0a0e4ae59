import {
  type AgentFile,
  describeProviderPlan,
  type ModelChoice,
  type ProviderPlan,
} from "@tinyloop/agent-files";
import type { SessionStartEvent } from "./session-events.js";

/** The agent's file as a person reads it: its path, or `default agent` for a built-in one. */
const agentName = (file: AgentFile) => file.file ?? "default agent";

/**
 * The line a program shows when a session starts: `agent.json · model: openai gpt-4o-mini`;
 * with a replay cassette it adds that the model's turns are replayed and the tool calls are real.
 */
export function sessionStartLine(file: AgentFile, plan: ProviderPlan): string {
  const replay =
    plan.kind === "replay" ? " — the model's turns are replayed; the tool calls are real" : "";
  return `${agentName(file)} · model: ${describeProviderPlan(plan)}${replay}`;
}

/** The same as data: the first event of `tinyloop run --json`. */
export function sessionStartEvent(
  file: AgentFile,
  plan: ProviderPlan,
  choice: ModelChoice,
): SessionStartEvent {
  return {
    type: "session",
    agent: agentName(file),
    provider: plan.kind === "openai-compatible" ? plan.provider : plan.kind,
    model: choice.model,
    replay: plan.kind === "replay",
  };
}
