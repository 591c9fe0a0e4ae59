// `@tinyloop/inference-adapters/text-tool-calls`: tool calls written as text by models
// without native tool calling — the formats, the whole-text and streaming parsers.

export { toolCallFormatForModel } from "./model-tool-call-format.js";
export { opensReasoningInPrompt } from "./opens-reasoning-in-prompt.js";
export type { ParsedToolCallText } from "./parse-tool-call-text.js";
export { parseToolCallText } from "./parse-tool-call-text.js";
export { refusesTools } from "./refuses-tools.js";
export type { TextToolCall } from "./text-format.js";
export type { TextToolCallFormat } from "./text-tool-call-formats.js";
export { isTextToolCallFormat, TEXT_TOOL_CALL_FORMATS } from "./text-tool-call-formats.js";
export type { TextToolCallEvent } from "./text-tool-call-stream.js";
export { TextToolCallStream } from "./text-tool-call-stream.js";
export type { TextToolCallsOptions, ToolFormatSwitch } from "./with-text-tool-calls.js";
export { withTextToolCalls } from "./with-text-tool-calls.js";
