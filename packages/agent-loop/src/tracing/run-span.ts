import { type Context, type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { DoneEvent } from "../events.js";
import { errorType } from "./error-type.js";
import { loopTracer } from "./tracer.js";

/** What the run's `invoke_agent` span is started with. */
export interface RunSpanInput {
  agentName: string;
  conversationId: string;
  model: ChatModel;
  /** The caller's context at `agent.run(…)`: a `serve` request's incoming trace, or none. */
  parent: Context;
}

/**
 * Starts `invoke_agent {agent}`, the root span of one run (GenAI agent-span conventions):
 * every `chat` and `execute_tool` span of the run is below it.
 */
export function startRunSpan(input: RunSpanInput): Span {
  return loopTracer().startSpan(
    `invoke_agent ${input.agentName}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": input.agentName,
        "gen_ai.conversation.id": input.conversationId,
        "gen_ai.provider.name": input.model.provider,
        "gen_ai.request.model": input.model.modelId,
      },
    },
    input.parent,
  );
}

/**
 * Ends the run's span with the run's totals and why it stopped. A model error sets the
 * status to ERROR with `error.type`; an abort is recorded as `error.type` `aborted`.
 */
export function endRunSpan(span: Span, done: DoneEvent): void {
  if (span.isRecording()) {
    span.setAttributes({
      "gen_ai.usage.input_tokens": done.usage.inputTokens,
      "gen_ai.usage.output_tokens": done.usage.outputTokens,
      "tinyloop.run.stop_reason": done.reason,
      "tinyloop.run.turns": done.turns,
    });
    if (done.reason === "error") {
      const type = errorType(done.error);
      span.setAttribute("error.type", type);
      if (done.error) span.recordException(done.error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: done.error?.message ?? type });
    } else if (done.reason === "aborted") {
      span.setAttribute("error.type", "aborted");
      span.setStatus({ code: SpanStatusCode.ERROR, message: "aborted" });
    }
  }
  span.end();
}
