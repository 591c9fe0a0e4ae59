import type { ToolCall } from "@tinyloop/inference-adapters";
import type { ToolResult } from "@tinyloop/registry";
import type { SpanIds } from "./tracing/span-ids.js";

export type { SpanIds } from "./tracing/span-ids.js";

/** Token counts reported by the model. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /**
   * Of `outputTokens`, those the model spent reasoning; only when the provider reported them
   * (absent, not 0, otherwise: many providers never say).
   */
  reasoningTokens?: number;
  /** Of `inputTokens`, those read from the provider's prompt cache, when it reported them. */
  cacheReadTokens?: number;
}

/** Why a run stopped. */
export type StopReason =
  /** The model answered without tool calls, or called `task_complete`. */
  | "completed"
  /** The model called `ask_question`; `text` holds the question for the user. */
  | "asked"
  /** `maxTurns` model calls were made in this run without the model finishing. */
  | "max-turns"
  /** The run's signal aborted (or the consumer stopped iterating). */
  | "aborted"
  /** The model failed (HTTP error, protocol error, …); `error` holds the adapter's error. */
  | "error";

/**
 * A model call starts. `turn` counts model calls in this run, from 1. With tracing on,
 * `traceId` / `spanId` name the turn's `chat` span (on `turn-end` too).
 */
export interface TurnStartEvent extends SpanIds {
  type: "turn-start";
  turn: number;
  /** When the model call started, in epoch milliseconds (fractional), as `tool-result` times. */
  startedAt: number;
}

/** A piece of the assistant's answer text, as the model streams it. */
export interface TextDeltaEvent {
  type: "text-delta";
  turn: number;
  text: string;
}

/**
 * A piece of the model's reasoning ("thinking"), as the model streams it. Never part of the
 * answer: it is not in `text-delta`, `done.text` or the history's assistant text. Shown only
 * by front ends that choose to; reasoning is model text, so strip control characters before
 * printing it.
 */
export interface ReasoningDeltaEvent {
  type: "reasoning-delta";
  turn: number;
  text: string;
}

/** A piece of a tool call being streamed (for live display; the complete call follows). */
export interface ToolCallDeltaEvent {
  type: "tool-call-delta";
  turn: number;
  index: number;
  id?: string;
  name?: string;
  argumentsDelta: string;
}

/** The model finished one tool call; it runs once the model's answer is complete. */
export interface ToolCallEvent {
  type: "tool-call";
  turn: number;
  call: ToolCall;
}

/** A running tool reported progress (MCP `notifications/progress`, or a built-in's `onProgress`). */
export interface ToolProgressEvent {
  type: "tool-progress";
  turn: number;
  call: ToolCall;
  progress: number;
  total?: number;
  message?: string;
}

/**
 * A tool call finished (or was denied, refused or cancelled). Emitted in completion order.
 * With tracing on, `traceId` / `spanId` name the call's `execute_tool` span.
 */
export interface ToolResultEvent extends SpanIds {
  type: "tool-result";
  turn: number;
  call: ToolCall;
  /** The result as the tool returned it, before truncation and image placeholders. */
  result: ToolResult;
  /** Wall-clock time the dispatch started and ended, in epoch milliseconds (fractional). */
  startedAt: number;
  endedAt: number;
  /** `endedAt - startedAt`: the time the tool itself took, approval excluded. */
  durationMs: number;
  /** Why no tool ran, when none did. */
  outcome: "ok" | "error" | "denied" | "cancelled" | "unavailable";
}

/** A turn (one model call and the tool calls it made) is over. */
export interface TurnEndEvent extends SpanIds {
  type: "turn-end";
  turn: number;
  /** Tokens of this model call, when the model reported them. */
  usage?: TokenUsage;
  /** How the model's answer ended, when it said (undefined after an abort or error). */
  finishReason?: "stop" | "tool-calls" | "length" | "content-filter";
  /** Number of tool calls the model made in this turn. */
  toolCalls: number;
  /**
   * When the model's answer was complete (or stopped), in epoch milliseconds: the model call
   * took `modelEndedAt - turn-start.startedAt`; the turn's tool calls ran after it.
   */
  modelEndedAt: number;
  /** When the turn ended (its tool calls settled), in epoch milliseconds. */
  endedAt: number;
}

/**
 * The run is over. Always the last event. With tracing on, `traceId` / `spanId` name the
 * run's `invoke_agent` span.
 */
export interface DoneEvent extends SpanIds {
  type: "done";
  reason: StopReason;
  /**
   * The final answer (`completed`: the model's text or the `task_complete` summary),
   * the question (`asked`), or the partial text streamed before an abort or error.
   */
  text?: string;
  /** The model's error (for `error`): usually an `InferenceError` with a `code`. */
  error?: Error;
  /** Model calls made in this run. */
  turns: number;
  /** Tokens summed over this run's model calls. */
  usage: TokenUsage;
}

/** Every event `agent.run` yields, discriminated by `type`. */
export type AgentEvent =
  | TurnStartEvent
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallDeltaEvent
  | ToolCallEvent
  | ToolProgressEvent
  | ToolResultEvent
  | TurnEndEvent
  | DoneEvent;
