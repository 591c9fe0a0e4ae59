export type { RunOptions } from "./agent.js";
export { Agent } from "./agent.js";
export type { AgentErrorCode } from "./agent-error.js";
export { AgentError } from "./agent-error.js";
export type { AgentOptions } from "./agent-options.js";
export { DEFAULT_MAX_TOOL_RESULT_CHARS } from "./agent-options.js";
export type { ApprovalMode } from "./approval-mode.js";
export { needsApproval } from "./approval-mode.js";
export type { RunOutcome } from "./consume-run.js";
export { consumeRun } from "./consume-run.js";
export { defaultSystemPrompt } from "./default-system-prompt.js";
export type { DescribeDoneOptions } from "./describe-done.js";
export { describeDone } from "./describe-done.js";
export { checkEditedArguments } from "./edited-arguments.js";
export type { EndWhen } from "./end-when.js";
export { continueMessage, END_WHEN_CHOICES } from "./end-when.js";
export type {
  AgentEvent,
  DoneEvent,
  ReasoningDeltaEvent,
  SpanIds,
  StopReason,
  TextDeltaEvent,
  TokenUsage,
  ToolCallDeltaEvent,
  ToolCallEvent,
  ToolProgressEvent,
  ToolResultEvent,
  TurnEndEvent,
  TurnStartEvent,
} from "./events.js";
export { AGENT_TOOLSET, ASK_QUESTION, TASK_COMPLETE } from "./exit-tools.js";
export type {
  AgentStep,
  ModelStep,
  ModelTurnResult,
  RunStep,
  ToolStep,
  ToolStepResult,
} from "./run-step.js";
export { modelStepName, runStepDirectly, toolStepName } from "./run-step.js";
export type { ApprovalDecision, ApproveToolCall } from "./run-tool-calls.js";
export type { RunTimeline, TimelineBar, TimelineStatus } from "./timeline.js";
export { buildTimeline, TimelineRecorder } from "./timeline.js";
export { toolNameMatcher } from "./tool-name-pattern.js";
export { TOOL_SEARCH } from "./tool-search.js";
export { toolSearchNameTakenBy } from "./tool-search-name.js";
export type { ToolSearchMode } from "./tool-search-policy.js";
export {
  DEFAULT_TOOL_SEARCH_BUDGET_TOKENS,
  estimateTokens,
  TOOL_SEARCH_CONTEXT_SHARE,
  toolSearchBudget,
  toolSpecBytes,
} from "./tool-search-policy.js";
export { toolsLoadedBySearch } from "./tools-loaded-by-search.js";
export type { TracingOptions } from "./tracing/trace-content.js";
export type { AgentInput } from "./user-message.js";
