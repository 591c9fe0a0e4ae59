import type { AgentFile, ModelChoice, ProviderPlan } from "@tinyloop/agent-files";
import type { SessionStartEvent } from "./session-events.js";

/** The agent's file as a person reads it: its path, or `default agent` for a built-in one. */
const agentName = (file: AgentFile) => file.file ?? "default agent";

/** The first event of a session as data (`tinyloop run --json` writes it as its first line). */
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
