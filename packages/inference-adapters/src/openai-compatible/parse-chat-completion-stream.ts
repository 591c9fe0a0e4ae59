import type { EventSourceMessage } from "eventsource-parser";
import { serverMessage } from "../http/http-status-error.js";
import { redactSecrets } from "../http/redact-secrets.js";
import type { RequestContext } from "../http/request-context.js";
import type { StreamParser } from "../http/stream-events.js";
import { interruptedError, protocolError } from "../http/stream-failure.js";
import { InferenceError } from "../inference-error.js";
import type { FinishReason, ModelEvent } from "../types.js";
import { readDeltaContent } from "./read-delta-content.js";
import { ReasoningDetailsAssembler } from "./reasoning-details-assembler.js";
import { ToolCallAssembler, type ToolCallDeltaChunk } from "./tool-call-assembler.js";

interface ChunkChoice {
  delta?: Record<string, unknown> & { tool_calls?: unknown };
  finish_reason?: unknown;
}
interface Chunk {
  choices?: ChunkChoice[];
  usage?: {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
    completion_tokens_details?: { reasoning_tokens?: unknown } | null;
    prompt_tokens_details?: { cached_tokens?: unknown } | null;
    /** Some servers put reasoning tokens here. */
    reasoning_tokens?: unknown;
  } | null;
  /** Groq reports usage in its own `x_groq` object on the last chunk. */
  x_groq?: { usage?: Chunk["usage"] } | null;
  error?: unknown;
  /** The model that answered. */
  model?: unknown;
}

type Usage = {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens?: number;
  cacheReadTokens?: number;
};

/** The usage of a chunk, with reasoning and cached prompt tokens where the server reported them. */
function readUsage(usage: NonNullable<Chunk["usage"]>): Usage {
  const reasoning = Number(
    usage.completion_tokens_details?.reasoning_tokens ?? usage.reasoning_tokens ?? Number.NaN,
  );
  const cached = Number(usage.prompt_tokens_details?.cached_tokens ?? Number.NaN);
  return {
    inputTokens: Number(usage.prompt_tokens ?? 0) || 0,
    outputTokens: Number(usage.completion_tokens ?? 0) || 0,
    ...(Number.isFinite(reasoning) && reasoning > 0 ? { reasoningTokens: reasoning } : {}),
    ...(Number.isFinite(cached) && cached >= 0 ? { cacheReadTokens: cached } : {}),
  };
}

/** Maps a chat-completions finish_reason; a "stop" that came with tool calls (Ollama) is `tool-calls`. */
export function mapOpenAIFinishReason(reason: unknown, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case "length":
      return "length";
    case "content_filter":
      return "content-filter";
    case "tool_calls":
    case "function_call":
      return "tool-calls";
    default:
      return hasToolCalls ? "tool-calls" : "stop";
  }
}

/**
 * Parses chat-completions SSE events into ModelEvents: reasoning, text and tool-call deltas
 * as they come (see `readDeltaContent` for the servers' reasoning fields), then — at
 * `data: [DONE]`, or at the end of a body that sent a finish_reason — the signed or
 * encrypted reasoning parts (OpenRouter's `reasoning_details`), the complete tool calls,
 * usage (from the final usage chunk, or any chunk that carries it; reasoning tokens from
 * `completion_tokens_details.reasoning_tokens`) and the finish reason with the model the
 * chunks named (the last one that named one).
 */
export class ChatCompletionStreamParser implements StreamParser {
  readonly #context: RequestContext;
  readonly #calls = new ToolCallAssembler();
  readonly #details = new ReasoningDetailsAssembler();
  #finishReason: unknown;
  #usage: Usage | undefined;
  #model: string | undefined;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  push(event: EventSourceMessage, out: ModelEvent[]): boolean {
    const data = event.data;
    if (data === "[DONE]") {
      this.#close(out);
      return true;
    }
    if (data.trim() === "") return false;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw protocolError(this.#context, "an event that is not JSON", data);
    }
    if (typeof chunk !== "object" || chunk === null || Array.isArray(chunk)) {
      throw protocolError(this.#context, "an event that is not a JSON object", data);
    }
    if (chunk.error !== undefined && chunk.error !== null) {
      throw new InferenceError({
        code: "SERVER",
        message: `${this.#context.provider} reported an error in the middle of the stream: ${redactSecrets(serverMessage(data), this.#context.secrets)}`,
        provider: this.#context.provider,
      });
    }
    if (typeof chunk.model === "string" && chunk.model !== "") this.#model = chunk.model;
    const usage = chunk.usage ?? chunk.x_groq?.usage;
    if (usage) {
      this.#usage = readUsage(usage);
    }
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!choice) return false;
    const delta = choice.delta;
    if (delta) {
      for (const piece of readDeltaContent(delta)) {
        out.push({
          type: piece.type === "text" ? "text-delta" : "reasoning-delta",
          text: piece.text,
        });
      }
      this.#details.add(delta.reasoning_details);
      if (Array.isArray(delta.tool_calls)) {
        let position = 0;
        for (const entry of delta.tool_calls as ToolCallDeltaChunk[]) {
          if (typeof entry === "object" && entry !== null)
            out.push(this.#calls.add(entry, position));
          position++;
        }
      }
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      this.#finishReason = choice.finish_reason;
    }
    return false;
  }

  end(out: ModelEvent[]): void {
    // Some servers end the body after the finish_reason without sending [DONE].
    if (this.#finishReason === undefined) throw interruptedError(this.#context);
    this.#close(out);
  }

  #close(out: ModelEvent[]): void {
    for (const part of this.#details.finish()) out.push({ type: "reasoning", part });
    const complete = this.#calls.finish();
    for (const call of complete) out.push({ type: "tool-call", ...call });
    if (this.#usage) out.push({ type: "usage", ...this.#usage });
    out.push({
      type: "finish",
      reason: mapOpenAIFinishReason(this.#finishReason, complete.length > 0),
      ...(this.#model === undefined ? {} : { model: this.#model }),
    });
  }
}
