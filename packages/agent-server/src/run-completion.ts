import {
  type Agent,
  type AgentInput,
  type DoneEvent,
  TimelineRecorder,
  type TokenUsage,
} from "@tinyloop/agent-loop";
import { ApiError } from "./api-error.js";
import { type TinyloopExtension, toExtension } from "./tinyloop-events.js";

/** An OpenAI finish reason. */
export type FinishReason = "stop" | "length";

/** What one completion produces, in order: text, reasoning, extension events, then one end. */
export type CompletionOutput =
  | { kind: "text"; text: string }
  /** The model's reasoning, apart from the answer (`reasoning_content` on the wire). */
  | { kind: "reasoning"; text: string }
  | { kind: "extension"; extension: TinyloopExtension }
  | { kind: "finish"; reason: FinishReason; usage: TokenUsage; done: TinyloopExtension }
  | { kind: "error"; error: ApiError };

/** Why the server stopped a run itself (the client's own disconnect needs no answer). */
export const SHUTDOWN_REASON = "server shutting down";

function failure(done: DoneEvent, signal: AbortSignal): ApiError | undefined {
  if (done.reason === "aborted") {
    return new ApiError({
      status: 503,
      type: "server_error",
      code: signal.reason === SHUTDOWN_REASON ? "server_shutdown" : "aborted",
      message:
        signal.reason === SHUTDOWN_REASON
          ? "The server is shutting down and stopped this run before it finished; send the request again to another instance or later."
          : "The run was stopped before it finished.",
    });
  }
  if (done.reason === "error") {
    const cause = done.error;
    const code = (cause as { code?: unknown } | undefined)?.code;
    return new ApiError({
      status: 502,
      type: "upstream_error",
      code: typeof code === "string" ? code : "model_error",
      message: `The agent's model failed: ${cause?.message.split("\n")[0] ?? "no reason given"}`,
    });
  }
  return undefined;
}

/**
 * Runs `agent` on `input` and turns its events into completion outputs: the text of every
 * turn (turns separated by a blank line), the reasoning of every turn apart from it (also
 * separated by a blank line), tool calls and results as extensions, and one
 * finish (or error), after the run's timeline (agent-loop's `RunTimeline`) as an extension.
 * The final answer of `task_complete` / `ask_question`, which is not
 * streamed as text, is added at the end.
 */
export async function* runCompletion(
  agent: Agent,
  input: AgentInput,
  { signal, maxResultChars }: { signal: AbortSignal; maxResultChars: number },
): AsyncGenerator<CompletionOutput> {
  let written = "";
  let textTurn: number | undefined;
  const text = (piece: string, turn: number | undefined): CompletionOutput => {
    const gap = written !== "" && turn !== textTurn ? "\n\n" : "";
    textTurn = turn;
    written += gap + piece;
    return { kind: "text", text: gap + piece };
  };
  let reasoned = false;
  let reasoningTurn: number | undefined;
  const reasoning = (piece: string, turn: number): CompletionOutput => {
    const gap = reasoned && turn !== reasoningTurn ? "\n\n" : "";
    reasoningTurn = turn;
    reasoned = true;
    return { kind: "reasoning", text: gap + piece };
  };
  const timeline = new TimelineRecorder();
  for await (const event of agent.run(input, { signal })) {
    timeline.add(event);
    if (event.type === "text-delta") {
      if (event.text !== "") yield text(event.text, event.turn);
      continue;
    }
    if (event.type === "reasoning-delta") {
      if (event.text !== "") yield reasoning(event.text, event.turn);
      continue;
    }
    if (event.type !== "done") {
      const extension = toExtension(event, maxResultChars);
      if (extension) yield { kind: "extension", extension };
      continue;
    }
    yield { kind: "extension", extension: { type: "timeline", timeline: timeline.timeline() } };
    const error = failure(event, signal);
    if (error) {
      yield { kind: "error", error };
      return;
    }
    if (event.text && !written.includes(event.text)) yield text(event.text, undefined);
    yield {
      kind: "finish",
      reason: event.reason === "max-turns" ? "length" : "stop",
      usage: event.usage,
      done: { type: "done", reason: event.reason, turns: event.turns },
    };
  }
}
