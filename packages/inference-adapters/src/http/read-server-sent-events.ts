import { createParser, type EventSourceMessage } from "eventsource-parser";

/** A line of the stream that is not Server-Sent Events. */
export class NotServerSentEventsError extends Error {
  constructor(readonly line: string) {
    super(`not a Server-Sent Events line: ${line.slice(0, 200)}`);
  }
}

/** How long a response stream may stay silent before it is abandoned. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** The stream sent nothing for the idle timeout. */
export class StreamIdleError extends Error {
  constructor(readonly idleMs: number) {
    super(`the stream sent nothing for ${idleMs} ms`);
  }
}

/** The next read of `reader`, or a StreamIdleError when nothing arrives within `idleMs`. */
function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  idleMs: number,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<T>["read"]>>> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StreamIdleError(idleMs)), idleMs);
  });
  return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
}

/**
 * Reads a response body as Server-Sent Events with eventsource-parser, yielding the events
 * of each network read as one batch (a per-event async step would cost more than the
 * parsing itself on long streams). Stopping the iteration early (break, throw, abort) —
 * or `idleTimeoutMs` without a byte (StreamIdleError) — cancels the body, which closes
 * the connection.
 */
export async function* readServerSentEventBatches(
  body: ReadableStream<Uint8Array>,
  idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS,
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
      const { done, value } = await readWithin(reader, idleTimeoutMs);
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
