import type { EventSourceMessage } from "eventsource-parser";
import { serverMessage } from "../http/http-status-error.js";
import { redactSecrets } from "../http/redact-secrets.js";
import type { RequestContext } from "../http/request-context.js";
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
 * Turns chat-completions SSE events into ModelEvents: text deltas and tool-call deltas as
 * they come, then the complete tool calls, usage (from the final usage chunk, or any chunk
 * that carries it) and the finish reason once the stream has ended.
 */
export async function* parseChatCompletionStream(
  events: AsyncIterable<EventSourceMessage>,
  context: RequestContext,
): AsyncGenerator<ModelEvent> {
  const calls = new ToolCallAssembler();
  let finishReason: unknown;
  let usage: { inputTokens: number; outputTokens: number } | undefined;
  let sawDone = false;
  for await (const event of events) {
    const data = event.data;
    if (data === "[DONE]") {
      sawDone = true;
      break;
    }
    if (data.trim() === "") continue;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw protocolError(context, "an event that is not JSON", data);
    }
    if (typeof chunk !== "object" || chunk === null || Array.isArray(chunk)) {
      throw protocolError(context, "an event that is not a JSON object", data);
    }
    if (chunk.error !== undefined && chunk.error !== null) {
      throw new InferenceError({
        code: "SERVER",
        message: `${context.provider} reported an error in the middle of the stream: ${redactSecrets(serverMessage(data), context.secrets)}`,
        provider: context.provider,
      });
    }
    if (chunk.usage) {
      usage = {
        inputTokens: Number(chunk.usage.prompt_tokens ?? 0) || 0,
        outputTokens: Number(chunk.usage.completion_tokens ?? 0) || 0,
      };
    }
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!choice) continue;
    const delta = choice.delta;
    if (delta) {
      if (typeof delta.content === "string" && delta.content !== "") {
        yield { type: "text-delta", text: delta.content };
      }
      if (Array.isArray(delta.tool_calls)) {
        let position = 0;
        for (const entry of delta.tool_calls as ToolCallDeltaChunk[]) {
          if (typeof entry === "object" && entry !== null) yield calls.add(entry, position);
          position++;
        }
      }
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      finishReason = choice.finish_reason;
    }
  }
  if (!sawDone && finishReason === undefined) throw interruptedError(context);
  const complete = calls.finish();
  for (const call of complete) yield { type: "tool-call", ...call };
  if (usage) yield { type: "usage", ...usage };
  yield { type: "finish", reason: mapOpenAIFinishReason(finishReason, complete.length > 0) };
}
