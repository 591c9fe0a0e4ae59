import { type BufferingIterator, takeBufferedEvents } from "../buffered-events.js";
import type { ModelEvent } from "../types.js";

/** A synchronous step from one stream's events to another's. */
export interface EventStep {
  /** Reads one event of the source, pushing what it settles onto `out`. */
  push(event: ModelEvent, out: ModelEvent[]): void;
  /** The source ended: pushes what was held back. */
  end(out: ModelEvent[]): void;
}

/**
 * The events of `open()`'s stream passed through `step`, as an async iterator that hands
 * out each step's events from a buffer: one await per network read of a source that offers
 * its buffered events (`takeBufferedEvents`), else per source event — rather than an async
 * generator around the source, whose step per event cost as much again as the source's own.
 * The source opens on the first `next()`; leaving early (`return`) closes it, and so does a
 * step that throws. Once `signal` aborts, no further event is handed out: the source's next
 * read then reports the abort.
 */
export function mappedEventStream(
  open: () => AsyncIterable<ModelEvent>,
  step: EventStep,
  signal?: AbortSignal,
): AsyncIterableIterator<ModelEvent> {
  let source: BufferingIterator | undefined;
  let queue: ModelEvent[] = [];
  let index = 0;
  let finished = false;

  async function pull(): Promise<IteratorResult<ModelEvent>> {
    source ??= open()[Symbol.asyncIterator]();
    while (!finished) {
      let result: IteratorResult<ModelEvent>;
      try {
        result = await source.next();
      } catch (error) {
        finished = true;
        throw error;
      }
      queue = [];
      index = 0;
      try {
        if (result.done) {
          finished = true;
          step.end(queue);
        } else {
          step.push(result.value, queue);
          for (const event of source[takeBufferedEvents]?.() ?? []) step.push(event, queue);
        }
      } catch (error) {
        if (!finished) await close();
        finished = true;
        throw error;
      }
      if (index < queue.length) return { done: false, value: queue[index++]! };
    }
    return { done: true, value: undefined };
  }

  async function close(): Promise<void> {
    finished = true;
    queue = [];
    index = 0;
    await source?.return?.(undefined);
  }

  const iterator: AsyncIterableIterator<ModelEvent> = {
    next() {
      if (index < queue.length && !signal?.aborted) {
        return Promise.resolve({ done: false, value: queue[index++]! });
      }
      if (signal?.aborted) {
        queue = [];
        index = 0;
      }
      return pull();
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
