export { AnswerTimelines } from "./answer-timelines.js";
export { compactCount, formatDuration } from "./compact-count.js";
export type { DoneLineOptions } from "./done-line.js";
export { doneLine } from "./done-line.js";
export type { DownloadTexts } from "./download-texts.js";
export { downloadTexts } from "./download-texts.js";
export type { EventLineOptions } from "./event-line.js";
export { eventLine } from "./event-line.js";
export type { TextSink } from "./event-printer.js";
export { EventPrinter } from "./event-printer.js";
export type { ReasoningDisplay, ReasoningDisplaySetting } from "./reasoning-display.js";
export {
  formatCharCount,
  REASONING_DISPLAYS,
  reasoningCommand,
  reasoningHeading,
  reasoningLine,
} from "./reasoning-display.js";
export { resumedConversationLine } from "./resumed-conversation-line.js";
export { sandboxPolicyLine } from "./sandbox-policy-line.js";
export {
  serverLogLine,
  serverSandboxLines,
  serverStatusLine,
  serverToolLines,
} from "./server-lines.js";
export { phaseLabel } from "./server-phase.js";
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
export { sessionStartLine } from "./session-start-line.js";
export type { StatusLineProgress } from "./status-line.js";
export { statusLine } from "./status-line.js";
export { summarizeResult } from "./summarize-result.js";
export type { TimelineLinesOptions, TimelineStyle } from "./timeline-lines.js";
export { timelineLines } from "./timeline-lines.js";
export { toolFormatLine } from "./tool-format-line.js";
export type { ToolLineOptions } from "./tool-line.js";
export { toolLine } from "./tool-line.js";
export { LARGE_TOOL_BYTES, MANY_TOOLS, toolLoadWarning } from "./tool-load-warning.js";
export { usageLine } from "./usage-line.js";
