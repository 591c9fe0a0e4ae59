import type { ReasoningPart, ToolCall } from "@tinyloop/inference-adapters";
import type { TokenUsage, TurnEndEvent } from "./events.js";

/** What one model call produced. */
export interface ModelTurn {
  text: string;
  toolCalls: ToolCall[];
  /** The turn's reasoning, kept for the assistant message (see `ReasoningPart`). */
  reasoning?: ReasoningPart[];
  usage?: TokenUsage;
  finishReason?: TurnEndEvent["finishReason"];
  /** The model that answered, as the provider named it (the adapter's `finish` event). */
  responseModel?: string;
  /** Set when the call did not finish: the signal aborted, or the model failed. */
  stopped?: { reason: "aborted" } | { reason: "error"; error: Error };
}
