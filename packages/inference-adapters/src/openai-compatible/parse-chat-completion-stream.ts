import type { EventSourceMessage } from "eventsource-parser";
import { serverMessage } from "../http/http-status-error.js";
import { redactSecrets } from "../http/redact-secrets.js";
import type { RequestContext } from "../http/request-context.js";
import type { StreamParser } from "../http/stream-events.js";
import { interruptedError, protocolError } from "../http/stream-failure.js";
import { InferenceError } from "../inference-error.js";
import type { FinishReason, ModelEvent } from "../types.js";
import { ToolCallAssembler, type ToolCallDeltaChunk } from "./tool-call-assembler.js";

interface ChunkChoice {
  delta?: { content?: unknown; tool_calls?: unknown };
  finish_reason?: unknown;
}
interface Chunk {
  choices?: ChunkChoice[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
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
 * Parses chat-completions SSE events into ModelEvents: text deltas and tool-call deltas as
 * they come, then — at `data: [DONE]`, or at the end of a body that sent a finish_reason —
 * the complete tool calls, usage (from the final usage chunk, or any chunk that carries it)
 * and the finish reason.
 */
export class ChatCompletionStreamParser implements StreamParser {
  readonly #context: RequestContext;
  readonly #calls = new ToolCallAssembler();
  #finishReason: unknown;
  #usage: { inputTokens: number; outputTokens: number } | undefined;

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
    if (chunk.usage) {
      this.#usage = {
        inputTokens: Number(chunk.usage.prompt_tokens ?? 0) || 0,
        outputTokens: Number(chunk.usage.completion_tokens ?? 0) || 0,
      };
    }
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!choice) return false;
    const delta = choice.delta;
    if (delta) {
      if (typeof delta.content === "string" && delta.content !== "") {
        out.push({ type: "text-delta", text: delta.content });
      }
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
    const complete = this.#calls.finish();
    for (const call of complete) out.push({ type: "tool-call", ...call });
    if (this.#usage) out.push({ type: "usage", ...this.#usage });
    out.push({
      type: "finish",
      reason: mapOpenAIFinishReason(this.#finishReason, complete.length > 0),
    });
  }
}
