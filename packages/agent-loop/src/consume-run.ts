import { AgentError } from "./agent-error.js";
import type { AgentEvent, DoneEvent } from "./events.js";

/** How a run ended, as {@link consumeRun} saw it. */
export interface RunOutcome {
  /** The run's `done` event. */
  done: DoneEvent;
  /** Every `text-delta` of the run, joined. */
  streamedText: string;
  /**
   * `done.text` when the events did not stream it (a `task_complete` summary, the question
   * of `ask_question`): what a program that shows the streamed text must still show.
   * Undefined when the answer was streamed or there is none.
   */
  unstreamedText?: string;
}

/**
 * Runs `events` (what `agent.run` returns) to the end, handing each event to `onEvent`
 * (e.g. to print it), and resolves how the run ended. For a one-shot program: print the
 * deltas as they come, then `unstreamedText` if any, then {@link describeDone}.
 *
 * @example
 * const { done, unstreamedText } = await consumeRun(agent.run("hi"), (event) => {
 *   if (event.type === "text-delta") process.stdout.write(event.text);
 * });
 * if (unstreamedText) console.log(unstreamedText);
 */
export async function consumeRun(
  events: AsyncIterable<AgentEvent>,
  onEvent: (event: AgentEvent) => void = () => {},
): Promise<RunOutcome> {
  let streamedText = "";
  let done: DoneEvent | undefined;
  for await (const event of events) {
    onEvent(event);
    if (event.type === "text-delta") streamedText += event.text;
    if (event.type === "done") done = event;
  }
  // agent.run always ends with `done`; another iterable might not.
  if (!done) {
    throw new AgentError({
      code: "RUN_INCOMPLETE",
      message:
        "consumeRun: the events ended without a done event; pass what agent.run returns, iterated by nobody else",
    });
  }
  const unstreamed = done.text && !streamedText.includes(done.text) ? done.text : undefined;
  return { done, streamedText, ...(unstreamed ? { unstreamedText: unstreamed } : {}) };
}
