export type { AnthropicSettings } from "./anthropic/create-anthropic.js";
export { createAnthropic } from "./anthropic/create-anthropic.js";
export type {
  AudioContent,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from "./content-block.js";
export type { ModelTimeoutSettings } from "./http/model-timeouts.js";
export type { TimeoutSettingNames } from "./http/request-context.js";
export { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_TURN_TIMEOUT_MS } from "./http/stream-timeouts.js";
export type { InferenceErrorCode } from "./inference-error.js";
export { InferenceError } from "./inference-error.js";
export type { OpenAICompatibleSettings } from "./openai-compatible/create-openai-compatible.js";
export { createOpenAICompatible } from "./openai-compatible/create-openai-compatible.js";
export type { ProviderPreset, ProviderPresetName } from "./openai-compatible/presets.js";
export { providerPresets, resolvePreset } from "./openai-compatible/presets.js";
export { isProviderKeyVariable, PROVIDER_KEY_VARIABLES } from "./provider-key-variables.js";
export {
  REASONING_EFFORTS,
  readReasoningSetting,
  readReasoningText,
} from "./reasoning/read-reasoning-setting.js";
export type { CassetteEntry, RequestFingerprint } from "./replay/cassette.js";
export { fingerprintRequest } from "./replay/cassette.js";
export type { ReplayModelSettings } from "./replay/create-replay-model.js";
export { createReplayModel } from "./replay/create-replay-model.js";
export type { RecordModelSettings } from "./replay/record-model.js";
export { recordModel } from "./replay/record-model.js";
export type { ParsedToolCallText } from "./text-tool-calls/parse-tool-call-text.js";
export { parseToolCallText } from "./text-tool-calls/parse-tool-call-text.js";
export type { TextToolCall } from "./text-tool-calls/text-format.js";
export type { TextToolCallFormat } from "./text-tool-calls/text-tool-call-formats.js";
export {
  isTextToolCallFormat,
  TEXT_TOOL_CALL_FORMATS,
} from "./text-tool-calls/text-tool-call-formats.js";
export type {
  TextToolCallsOptions,
  ToolFormatSwitch,
} from "./text-tool-calls/with-text-tool-calls.js";
export { withTextToolCalls } from "./text-tool-calls/with-text-tool-calls.js";
export { normalizeToolSchema } from "./tool-schema/normalize-tool-schema.js";
export type { AnthropicTool } from "./tool-schema/to-anthropic-tools.js";
export { toAnthropicTools } from "./tool-schema/to-anthropic-tools.js";
export type { OpenAITool } from "./tool-schema/to-openai-tools.js";
export { toOpenAITools } from "./tool-schema/to-openai-tools.js";
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ReasoningPart,
  ReasoningSetting,
  ToolCall,
  ToolChoice,
  ToolSpec,
  UserPart,
} from "./types.js";
