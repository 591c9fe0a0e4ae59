import { type Context, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ChatModel, ChatRequest } from "@tinyloop/inference-adapters";
import type { ModelTurn } from "../model-turn.js";
import { errorType } from "./error-type.js";
import type { ContentRecorder } from "./trace-content.js";
import { loopTracer } from "./tracer.js";

/**
 * One model turn's `chat {model}` span (GenAI client-span conventions): started before the
 * call, told when the first chunk arrives, ended with the turn's usage and finish reason.
 * Its context is active while the adapter sends the request, so the HTTP request carries
 * the span's `traceparent`; the turn's `execute_tool` spans are its children.
 */
export class ChatSpan {
  readonly span: Span;
  /** The context whose active span is this one. */
  readonly context: Context;
  readonly #startedAt = performance.now();
  #firstChunk = false;

  constructor(model: ChatModel, request: ChatRequest, parent: Context, content: ContentRecorder) {
    this.span = loopTracer().startSpan(
      `chat ${model.modelId}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": model.provider,
          "gen_ai.request.model": model.modelId,
        },
      },
      parent,
    );
    this.context = trace.setSpan(parent, this.span);
    if (content && this.span.isRecording()) {
      this.span.setAttribute("gen_ai.input.messages", content(JSON.stringify(request.messages)));
    }
  }

  /** The first chunk of the answer arrived: records `gen_ai.response.time_to_first_chunk` (seconds). */
  firstChunk(): void {
    if (this.#firstChunk) return;
    this.#firstChunk = true;
    if (!this.span.isRecording()) return;
    const seconds = (performance.now() - this.#startedAt) / 1000;
    this.span.setAttribute("gen_ai.response.time_to_first_chunk", seconds);
  }

  /** Ends the span with what the turn produced; a failed turn sets ERROR, an aborted one `error.type` `aborted`. */
  end(model: ChatModel, turn: ModelTurn, content: ContentRecorder): void {
    const span = this.span;
    if (span.isRecording()) {
      // The model the provider says answered; the one asked for when the answer named none.
      span.setAttribute("gen_ai.response.model", turn.responseModel ?? model.modelId);
      if (turn.usage) {
        span.setAttributes({
          "gen_ai.usage.input_tokens": turn.usage.inputTokens,
          "gen_ai.usage.output_tokens": turn.usage.outputTokens,
        });
        if (turn.usage.cacheReadTokens !== undefined) {
          span.setAttribute("gen_ai.usage.cache_read.input_tokens", turn.usage.cacheReadTokens);
        }
      }
      if (turn.finishReason)
        span.setAttribute("gen_ai.response.finish_reasons", [turn.finishReason]);
      if (content) {
        const output = { role: "assistant", content: turn.text, tool_calls: turn.toolCalls };
        span.setAttribute("gen_ai.output.messages", content(JSON.stringify([output])));
      }
      if (turn.stopped?.reason === "error") {
        span.setAttribute("error.type", errorType(turn.stopped.error));
        span.recordException(turn.stopped.error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: turn.stopped.error.message });
      } else if (turn.stopped?.reason === "aborted") {
        span.setAttribute("error.type", "aborted");
        span.setStatus({ code: SpanStatusCode.ERROR, message: "aborted" });
      }
    }
    span.end();
  }
}
