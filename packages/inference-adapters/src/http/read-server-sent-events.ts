import { createParser, type EventSourceMessage } from "eventsource-parser";

/** A line of the stream that is not Server-Sent Events. */
export class NotServerSentEventsError extends Error {
  constructor(readonly line: string) {
    super(`not a Server-Sent Events line: ${line.slice(0, 200)}`);
  }
}

/**
 * Reads a response body as Server-Sent Events with eventsource-parser, yielding the events
 * of each network read as one batch (a per-event async step would cost more than the
 * parsing itself on long streams). Stopping the iteration early (break, throw, abort)
 * cancels the body, which closes the connection.
 */
export async function* readServerSentEventBatches(
  body: ReadableStream<Uint8Array>,
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
      const { done, value } = await reader.read();
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
