export { agentRoots } from "./agent-roots.js";
export type { AgentSessionErrorCode } from "./agent-session-error.js";
export { AgentSessionError } from "./agent-session-error.js";
export type { AgentSettings } from "./agent-settings.js";
export type { ApproverOptions, AskQuestion, EditArguments } from "./ask-approval.js";
export { createApprover } from "./ask-approval.js";
export { askElicitation } from "./ask-elicitation.js";
export { askSamplingApproval } from "./ask-sampling.js";
export type { AskingOptionsSettings, AskingSessionOptions } from "./asking-options.js";
export { askingOptions } from "./asking-options.js";
export type { ChatCommandOutcome, ChatDriver, ChatDriverOptions } from "./chat-driver.js";
export { createChatDriver } from "./chat-driver.js";
export type {
  ConnectedServers,
  ConnectProgress,
  ConnectServersOptions,
} from "./connect-servers.js";
export { connectServers } from "./connect-servers.js";
export type { CreateModelOptions, ModelSettingNames } from "./create-model.js";
export { createModel } from "./create-model.js";
export type { ServerDescription } from "./describe-servers.js";
export { describeServers } from "./describe-servers.js";
export type { DownloadReport } from "./download-report.js";
export { fileChangeLines } from "./file-change-lines.js";
export type { InspectServersOptions } from "./inspect-servers.js";
export { inspectServers } from "./inspect-servers.js";
export type { LineQuestions, LineQuestionsOptions } from "./line-questions.js";
export { lineQuestions } from "./line-questions.js";
export type {
  AgentSession,
  AgentSessionOptions,
  SessionRunOptions,
} from "./open-agent-session.js";
export { openAgentSession } from "./open-agent-session.js";
export type { ApproveSampling } from "./sampling-handler.js";
export type { SessionEventHooks } from "./session-event-hooks.js";
export { sessionEventHooks } from "./session-event-hooks.js";
export type { SessionEvent, SessionStartEvent } from "./session-events.js";
export { serverStateEvents, toJsonLine } from "./session-events.js";
export { sessionStartEvent } from "./session-start.js";
export type { SessionStatus } from "./session-status.js";
export { sessionTracing } from "./session-tracing.js";
export { oneLine, shortArguments } from "./short-text.js";
export type { TextStyle } from "./text-style.js";
export { plainStyle } from "./text-style.js";
export type { ToolCallHints } from "./tool-call-problem.js";
export { toolCallProblem } from "./tool-call-problem.js";
export { toolFormatEvent } from "./tool-format-switch.js";
export { visibleControls } from "./visible-controls.js";
