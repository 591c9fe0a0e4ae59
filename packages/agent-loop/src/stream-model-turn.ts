import { context } from "@opentelemetry/api";
import type {
  ChatModel,
  ChatRequest,
  ModelEvent,
  ReasoningPart,
  ToolCall,
} from "@tinyloop/inference-adapters";
import { ABORTED, untilAborted } from "@tinyloop/registry";
import type { AgentEvent, TokenUsage } from "./events.js";
import type { ModelTurn } from "./model-turn.js";
import type { ChatSpan } from "./tracing/chat-span.js";

/**
 * Streams one model call, yielding text, reasoning and tool-call events as they arrive, and returns
 * what the call produced. Never throws: a failing model and an abort are reported in
 * `stopped`, with whatever text had arrived until then. An abort stops waiting at once,
 * even for an adapter that ignores its signal. `out` is filled as events arrive, so a
 * caller whose consumer stops iterating mid-stream still sees the partial text. Reasoning is
 * kept in `reasoning`: the adapter's complete parts (signed, encrypted) as they come, and
 * reasoning text that no complete part followed as one unsigned `thinking` part. With a
 * `chat` span, the adapter runs in its context (its HTTP request carries the span's
 * `traceparent`) and the span hears of the first chunk.
 */
export async function* streamModelTurn(
  model: ChatModel,
  request: ChatRequest,
  turn: number,
  signal: AbortSignal,
  out: ModelTurn = { text: "", toolCalls: [] },
  chat?: ChatSpan,
): AsyncGenerator<AgentEvent, ModelTurn> {
  let iterator: AsyncIterator<ModelEvent> | undefined;
  let finished = false;
  let pendingReasoning = "";
  const keepReasoning = (part: ReasoningPart) => {
    out.reasoning = [...(out.reasoning ?? []), part];
  };
  const flushReasoning = () => {
    if (pendingReasoning !== "") keepReasoning({ type: "thinking", text: pendingReasoning });
    pendingReasoning = "";
  };
  try {
    const source = chat
      ? context.with(chat.context, () => model.stream(request)[Symbol.asyncIterator]())
      : model.stream(request)[Symbol.asyncIterator]();
    iterator = source;
    const pull = chat ? () => context.with(chat.context, () => source.next()) : () => source.next();
    while (true) {
      const next = await untilAborted(pull(), signal);
      if (next === ABORTED) {
        out.stopped = { reason: "aborted" };
        return out;
      }
      if (next.done) break;
      const event = next.value;
      if (event.type !== "usage" && event.type !== "finish") chat?.firstChunk();
      switch (event.type) {
        case "text-delta":
          out.text += event.text;
          yield { type: "text-delta", turn, text: event.text };
          break;
        case "reasoning-delta":
          // Kept apart, never added to `out.text`: reasoning is not the answer.
          pendingReasoning += event.text;
          yield { type: "reasoning-delta", turn, text: event.text };
          break;
        case "reasoning":
          // The complete part holds the text streamed before it.
          pendingReasoning = "";
          keepReasoning(event.part);
          break;
        case "tool-call-delta":
          yield { ...event, turn };
          break;
        case "tool-call": {
          // The adapter gave the call its id (making one up when the provider sent none):
          // the one place ids are defaulted, so the loop passes it through.
          const call: ToolCall = { id: event.id, name: event.name, arguments: event.arguments };
          out.toolCalls.push(call);
          yield { type: "tool-call", turn, call };
          break;
        }
        case "usage":
          out.usage = largestUsage(out.usage, event);
          break;
        case "finish":
          out.finishReason = event.reason;
          if (event.model !== undefined) out.responseModel = event.model;
          break;
      }
    }
    finished = true;
    flushReasoning();
    return out;
  } catch (error) {
    finished = true;
    out.stopped = signal.aborted
      ? { reason: "aborted" }
      : { reason: "error", error: error instanceof Error ? error : new Error(String(error)) };
    return out;
  } finally {
    // Aborted, or the consumer stopped iterating: let the adapter close its connection,
    // without waiting for it.
    if (!finished && iterator?.return) {
      Promise.resolve(iterator.return()).catch(() => {});
    }
  }
}

/**
 * Providers report usage once, or cumulatively, or split (input first, output last); the
 * largest value of each field is right in all three cases. Reasoning and cache-read tokens
 * stay absent until a report has them.
 */
function largestUsage(
  so: TokenUsage | undefined,
  report: Extract<ModelEvent, { type: "usage" }>,
): TokenUsage {
  const reasoning = [so?.reasoningTokens, report.reasoningTokens].filter(
    (count): count is number => count !== undefined,
  );
  const cacheRead = [so?.cacheReadTokens, report.cacheReadTokens].filter(
    (count): count is number => count !== undefined,
  );
  return {
    inputTokens: Math.max(so?.inputTokens ?? 0, report.inputTokens),
    outputTokens: Math.max(so?.outputTokens ?? 0, report.outputTokens),
    ...(reasoning.length > 0 ? { reasoningTokens: Math.max(...reasoning) } : {}),
    ...(cacheRead.length > 0 ? { cacheReadTokens: Math.max(...cacheRead) } : {}),
  };
}
