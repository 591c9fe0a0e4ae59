import type { ProviderPlan } from "@tinyloop/agent-files";
import { describeProviderPlan } from "@tinyloop/agent-files";
import type { SessionStartEvent } from "@tinyloop/agent-session";

/**
 * The line a program shows when a session starts: `agent.json · model: openai gpt-4o-mini`
 * (the agent as agent-session's `sessionStartEvent` names it); with a replay cassette it adds
 * that the model's turns are replayed and the tool calls are real.
 */
export function sessionStartLine(start: SessionStartEvent, plan: ProviderPlan): string {
  const replay =
    plan.kind === "replay" ? " — the model's turns are replayed; the tool calls are real" : "";
  return `${start.agent} · model: ${describeProviderPlan(plan)}${replay}`;
}
