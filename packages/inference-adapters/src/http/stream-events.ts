import type { EventSourceMessage } from "eventsource-parser";
import { type BufferingIterator, takeBufferedEvents } from "../buffered-events.js";
import type { ModelEvent } from "../types.js";
import { readServerSentEventBatches } from "./read-server-sent-events.js";
import type { RequestContext } from "./request-context.js";
import { streamFailure } from "./stream-failure.js";
import type { TurnClock } from "./stream-timeouts.js";

/** A provider's stream parser: synchronous, fed one SSE event at a time. */
export interface StreamParser {
  /** Handles one event, pushing the ModelEvents it produces onto `out`. Returns true at the end of the stream. */
  push(event: EventSourceMessage, out: ModelEvent[]): boolean;
  /** Called when the body ended without the end event; pushes closing events or throws INTERRUPTED. */
  end(out: ModelEvent[]): void;
}

/**
 * The ModelEvents of a streaming response body, as an async iterator that hands out the
 * events of each network read from a buffer — one cheap resolved promise per event rather
 * than an async generator step, which matters on streams of many small deltas.
 * Events parsed before a bad one are delivered before its error; after `signal` aborts no
 * further event is delivered; leaving early (`return`) closes the connection; a body silent
 * for the idle limit or running past the turn's deadline (`clock`) is closed with `TIMEOUT`;
 * every failure is an InferenceError.
 */
export function streamModelEvents(
  body: ReadableStream<Uint8Array>,
  parser: StreamParser,
  context: RequestContext,
  signal: AbortSignal | undefined,
  clock: TurnClock,
): AsyncIterableIterator<ModelEvent> & BufferingIterator {
  const batches = readServerSentEventBatches(body, clock);
  let queue: ModelEvent[] = [];
  let index = 0;
  let finished = false;
  let failure: unknown;

  const close = async () => {
    finished = true;
    queue = [];
    index = 0;
    await batches.return(undefined).catch(() => undefined);
  };

  async function refill(): Promise<IteratorResult<ModelEvent>> {
    while (true) {
      if (failure !== undefined) {
        const error = failure;
        failure = undefined;
        await close();
        throw streamFailure(error, context, signal);
      }
      if (finished) return { done: true, value: undefined };
      let result: IteratorResult<EventSourceMessage[]>;
      try {
        result = await batches.next();
      } catch (error) {
        finished = true;
        throw streamFailure(error, context, signal);
      }
      queue = [];
      index = 0;
      try {
        if (result.done) {
          finished = true;
          parser.end(queue);
        } else {
          for (const event of result.value) {
            if (parser.push(event, queue)) {
              finished = true;
              await batches.return(undefined);
              break;
            }
          }
        }
      } catch (error) {
        failure = error; // delivered after the events parsed before it
      }
      if (index < queue.length) return { done: false, value: queue[index++]! };
    }
  }

  const iterator: AsyncIterableIterator<ModelEvent> & BufferingIterator = {
    [takeBufferedEvents]() {
      if (signal?.aborted || index >= queue.length) return [];
      const events = index === 0 ? queue : queue.slice(index);
      queue = [];
      index = 0;
      return events;
    },
    next() {
      if (signal?.aborted) {
        return close().then(() => {
          throw streamFailure(signal.reason, context, signal);
        });
      }
      if (index < queue.length) return Promise.resolve({ done: false, value: queue[index++]! });
      return refill();
    },
    async return() {
      await close();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
