import type { ContentBlock } from "./content-block.js";

/** A part of a user message: text or a base64 image. */
export type UserPart =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string };

/** A complete tool call the model asked for. `arguments` is JSON text (may be `"{}"`). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string /* JSON text */;
}

/**
 * One piece of a model's reasoning, kept on the assistant message so that it can go back to
 * the provider that needs it. `thinking` is readable reasoning; `signature` is the provider's
 * seal over it (Anthropic, and OpenRouter's `reasoning_details`), which must come back
 * unchanged. `redacted` is reasoning the provider encrypted (`data` is opaque). `format` names
 * the provider's own format where it gave one (OpenRouter's `anthropic-claude-v1`…).
 */
export type ReasoningPart =
  | { type: "thinking"; text: string; signature?: string; format?: string }
  | { type: "redacted"; data: string; format?: string };

/**
 * How hard a reasoning model should think: an effort, or a budget of reasoning tokens. Each
 * adapter maps it to its provider's parameter (see the README's reasoning table); a provider
 * without one gets nothing and the adapter warns once.
 */
export type ReasoningSetting = { effort: "low" | "medium" | "high" } | { budgetTokens: number };

/** One message of a conversation, provider-neutral. */
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | UserPart[] }
  | {
      role: "assistant";
      content: string;
      toolCalls?: ToolCall[];
      /** The turn's reasoning, in the order it came; never part of `content`. */
      reasoning?: ReasoningPart[];
    }
  | {
      role: "tool";
      toolCallId: string;
      toolName?: string;
      content: ContentBlock[];
      isError?: boolean;
    };

/** A tool the model may call: its name, description and JSON Schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** How the model may choose tools: freely, never, at least one, or exactly the named one. */
export type ToolChoice = "auto" | "none" | "required" | { name: string };

/** One call to a model. */
export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  maxTokens?: number;
  temperature?: number;
  /** Aborting stops reading and closes the request; the stream then throws `ABORTED`. */
  signal?: AbortSignal;
}

/** Why the model stopped. */
export type FinishReason = "stop" | "tool-calls" | "length" | "content-filter";

/**
 * What a model stream yields. Text arrives as deltas; tool calls arrive as deltas (for live
 * display) and then once complete as `tool-call`; `usage` and `finish` come last. A
 * `tool-call`'s `id` is never empty: an adapter whose provider sent none makes one up
 * (unique, in the provider's style), and callers such as the agent loop use it as it is.
 * `reasoning-delta` carries the model's reasoning apart from the answer, as it streams (every
 * adapter: the providers' reasoning fields and blocks, and the text formats' `<think>…</think>`
 * and channels); callers that do not show reasoning ignore it. `reasoning` then brings one
 * complete piece where the provider sealed it (a signature) or sent it encrypted: keep it on
 * the assistant message. Reasoning text that no `reasoning` event followed is kept as one
 * unsigned `thinking` part. `usage.reasoningTokens` is set where the provider reports it (it
 * is part of `outputTokens`).
 */
export type ModelEvent =
  | { type: "text-delta"; text: string }
  | { type: "reasoning-delta"; text: string }
  | { type: "reasoning"; part: ReasoningPart }
  | { type: "tool-call-delta"; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: "tool-call"; id: string; name: string; arguments: string }
  | {
      type: "usage";
      inputTokens: number;
      outputTokens: number;
      /** Of `outputTokens`, those spent reasoning, when the provider reports them. */
      reasoningTokens?: number;
      /** Of `inputTokens`, those read from the provider's prompt cache, when it reports them. */
      cacheReadTokens?: number;
    }
  | {
      type: "finish";
      reason: FinishReason;
      /**
       * The model that answered, as the provider named it in the answer (OpenAI-compatible:
       * the chunks' `model`; Anthropic: `message.model`) — often more exact than the model
       * asked for (`gpt-4o` answered as `gpt-4o-2024-08-06`). Unset when the answer named none.
       */
      model?: string;
    };

/** What a model can do, so callers can adapt requests. */
export interface ModelCapabilities {
  /** Accepts images in user messages (and, through them, in tool results). */
  vision: boolean;
  /** May ask for several tool calls in one turn. */
  parallelToolCalls: boolean;
}

/** The one interface the agent loop talks to, whatever the provider. */
export interface ChatModel {
  /** Provider name, e.g. `"openai"`, `"ollama"`, `"anthropic"`, `"replay"`. */
  provider: string;
  /** The model id sent to the provider. */
  modelId: string;
  capabilities: ModelCapabilities;
  /** Streams one model turn. Throws `InferenceError` for run-level failures. */
  stream(request: ChatRequest): AsyncIterable<ModelEvent>;
  /** Frees resources (local models); optional. */
  close?(): Promise<void>;
}
