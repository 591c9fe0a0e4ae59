import { createParser, type EventSourceMessage } from "eventsource-parser";
import { nextWait, type TurnClock } from "./stream-timeouts.js";

/** A line of the stream that is not Server-Sent Events. */
export class NotServerSentEventsError extends Error {
  constructor(readonly line: string) {
    super(`not a Server-Sent Events line: ${line.slice(0, 200)}`);
  }
}

/**
 * The next read of `reader`, or a StreamIdleError when nothing arrives within the idle
 * limit, or a TurnTimeoutError when the turn's deadline comes first.
 */
function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  clock: TurnClock,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<T>["read"]>>> {
  let timer: NodeJS.Timeout | undefined;
  const wait = nextWait(clock, "data");
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(wait.error()), wait.ms);
  });
  return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
}

/**
 * Reads a response body as Server-Sent Events with eventsource-parser, yielding the events
 * of each network read as one batch (a per-event async step would cost more than the
 * parsing itself on long streams). Stopping the iteration early (break, throw, abort) —
 * or the idle limit without a byte (StreamIdleError), or the turn's deadline
 * (TurnTimeoutError, which keep-alive comments do not push back) — cancels the body,
 * which closes the connection.
 */
export async function* readServerSentEventBatches(
  body: ReadableStream<Uint8Array>,
  clock: TurnClock,
): AsyncGenerator<EventSourceMessage[]> {
  let pending: EventSourceMessage[] = [];
  let failure: NotServerSentEventsError | undefined;
  const parser = createParser({
    onEvent: (event) => {
      pending.push(event);
    },
    onError: (error) => {
      failure ??= new NotServerSentEventsError(error.line ?? error.message);
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    while (true) {
      const { done, value } = await readWithin(reader, clock);
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (done) parser.reset({ consume: true }); // dispatch a last event that lacks its blank line
      if (pending.length > 0) {
        const batch = pending;
        pending = [];
        yield batch;
      }
      if (failure) throw failure;
      if (done) break;
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
