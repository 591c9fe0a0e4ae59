import type { InferenceError } from "../inference-error.js";
import type { ModelEvent } from "../types.js";

/** Every event of a stream, and the error it ended with (if any). */
export async function collectEvents(
  stream: AsyncIterable<ModelEvent>,
): Promise<{ events: ModelEvent[]; error: InferenceError | undefined }> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as InferenceError };
  }
}

/** The text of all text deltas. */
export const textOf = (events: ModelEvent[]) =>
  events.map((event) => (event.type === "text-delta" ? event.text : "")).join("");

/** The complete tool calls. */
export const toolCallsOf = (events: ModelEvent[]) =>
  events.filter((event) => event.type === "tool-call");
