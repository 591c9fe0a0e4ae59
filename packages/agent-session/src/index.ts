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
export { autoApprovedTools, withAutoApprove } from "./auto-approve.js";
export type { ChatDriver, ChatDriverOptions } from "./chat-driver.js";
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
export type { DoneLineOptions } from "./done-line.js";
export { doneLine } from "./done-line.js";
export type { DownloadReport, DownloadTexts } from "./download-texts.js";
export { downloadTexts } from "./download-texts.js";
export type { ElicitationField, ElicitationValue } from "./elicitation-field.js";
export { fieldChoiceLabels, fieldChoices, parseFieldAnswer } from "./elicitation-field.js";
export type { EventLineOptions } from "./event-line.js";
export { eventLine } from "./event-line.js";
export type { FileChange } from "./file-change.js";
export { fileChange } from "./file-change.js";
export { fileChangeLines } from "./file-change-lines.js";
export { fileDiffLines } from "./file-diff-lines.js";
export type { LineQuestions, LineQuestionsOptions } from "./line-questions.js";
export { lineQuestions } from "./line-questions.js";
export { maskUrls } from "./mask-urls.js";
export type { ModelOverrides } from "./model-choice.js";
export { resolveModelChoice } from "./model-choice.js";
export type {
  AgentSession,
  AgentSessionOptions,
  SessionRunOptions,
} from "./open-agent-session.js";
export { openAgentSession } from "./open-agent-session.js";
export type { ReasoningDisplay, ReasoningSetting } from "./reasoning-display.js";
export {
  formatCharCount,
  REASONING_DISPLAYS,
  reasoningCommand,
  reasoningHeading,
  reasoningLine,
} from "./reasoning-display.js";
export { sampleWithModel } from "./sample-with-model.js";
export type { ApproveSampling, SamplingDecision } from "./sampling-handler.js";
export { samplingHandler } from "./sampling-handler.js";
export { serverLogLine, serverStatusLine, serverToolLines } from "./server-lines.js";
export { phaseLabel } from "./server-phase.js";
export { connectedLine, failureReason } from "./server-summary.js";
export type {
  ResultsMode,
  SessionCommandOptions,
  SessionCommandResult,
} from "./session-commands.js";
export {
  offeredToolsLine,
  serverListLines,
  sessionCommand,
  toolListLines,
} from "./session-commands.js";
export type { SessionEventHooks } from "./session-event-hooks.js";
export { sessionEventHooks } from "./session-event-hooks.js";
export type {
  ServerLogEvent,
  ServerStateEvent,
  SessionEvent,
  SessionStartEvent,
} from "./session-events.js";
export { serverStateEvents, toJsonLine } from "./session-events.js";
export { sessionStartEvent, sessionStartLine } from "./session-start.js";
export type { SessionStatus } from "./session-status.js";
export { sessionTracing } from "./session-tracing.js";
export {
  compactCount,
  formatDuration,
  oneLine,
  shortArguments,
  summarizeResult,
} from "./short-text.js";
export type {
  AgentSessionStart,
  OpenStartedSessionOptions,
  StartingAgentSession,
} from "./start-agent-session.js";
export { startAgentSession } from "./start-agent-session.js";
export type { TextStyle } from "./text-style.js";
export { plainStyle } from "./text-style.js";
export type { TimelineSessionEvent } from "./timeline-session-event.js";
export type { ToolCallView, ToolCallViewOptions } from "./tool-call-view.js";
export { toolCallView } from "./tool-call-view.js";
export type { ToolFormatEvent } from "./tool-format-switch.js";
export { toolFormatEvent, toolFormatLine } from "./tool-format-switch.js";
export type { ToolLineOptions } from "./tool-line.js";
export { toolLine } from "./tool-line.js";
export { LARGE_TOOL_BYTES, MANY_TOOLS, toolLoadWarning } from "./tool-load-warning.js";
export { usageLine } from "./usage-line.js";
export { visibleControls } from "./visible-controls.js";
