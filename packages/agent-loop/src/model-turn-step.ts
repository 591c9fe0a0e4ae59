import type { ChatModel, ChatRequest } from "@tinyloop/inference-adapters";
import { EventChannel } from "./event-channel.js";
import type { AgentEvent } from "./events.js";
import type { ModelTurn } from "./model-turn.js";
import { type ModelTurnResult, modelStepName, type RunStep } from "./run-step.js";
import { streamModelTurn } from "./stream-model-turn.js";
import type { ChatSpan } from "./tracing/chat-span.js";

/** Everything one model turn through the step seam needs. */
export interface ModelTurnStepInput {
  runStep: RunStep;
  model: ChatModel;
  request: ChatRequest;
  turn: number;
  signal: AbortSignal;
  /** Filled as text arrives, so a consumer that leaves mid-stream still has the partial text. */
  out: ModelTurn;
  /** The turn's `chat` span: the model is called in its context. */
  chat?: ChatSpan;
}

type Settled = { ok: true; value: ModelTurnResult } | { ok: false; error: unknown };

/**
 * Runs one model turn as a step: when the step runs, its events stream as they arrive;
 * when the step's result comes back without it running (a replay), the turn's reasoning,
 * text and tool calls are yielded from that result. Never throws: a failed or aborted step becomes
 * `stopped`, with the text streamed until then.
 */
export async function* modelTurnStep(
  input: ModelTurnStepInput,
): AsyncGenerator<AgentEvent, ModelTurn> {
  const { turn, signal, out } = input;
  const channel = new EventChannel<AgentEvent>();
  let ran = false;
  const settled: Promise<Settled> = input
    .runStep({
      kind: "model",
      name: modelStepName(turn),
      turn,
      run: async () => {
        ran = true;
        const stream = streamModelTurn(input.model, input.request, turn, signal, out, input.chat);
        let next = await stream.next();
        for (; !next.done; next = await stream.next()) channel.push(next.value);
        const { stopped, ...result } = next.value;
        if (stopped) throw stopped.reason === "error" ? stopped.error : signal.reason;
        return result;
      },
    })
    .then(
      (value): Settled => ({ ok: true, value }),
      (error: unknown): Settled => ({ ok: false, error }),
    )
    .finally(() => channel.close());
  for await (const event of channel) yield event;
  const outcome = await settled;
  if (!outcome.ok) {
    const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return { ...out, stopped: signal.aborted ? { reason: "aborted" } : { reason: "error", error } };
  }
  const result = outcome.value;
  if (!ran) {
    // A replay: the user sees the recorded turn as if it had just streamed.
    const reasoning = (result.reasoning ?? [])
      .map((part) => (part.type === "thinking" ? part.text : ""))
      .join("");
    if (reasoning) yield { type: "reasoning-delta", turn, text: reasoning };
    if (result.text) yield { type: "text-delta", turn, text: result.text };
    for (const call of result.toolCalls) yield { type: "tool-call", turn, call };
  }
  Object.assign(out, result);
  return { ...result, toolCalls: [...result.toolCalls] };
}
