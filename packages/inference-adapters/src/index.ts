export type {
  AudioContent,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from "./content-block.js";
export type { InferenceErrorCode } from "./inference-error.js";
export { InferenceError } from "./inference-error.js";
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ToolCall,
  ToolChoice,
  ToolSpec,
  UserPart,
} from "./types.js";
