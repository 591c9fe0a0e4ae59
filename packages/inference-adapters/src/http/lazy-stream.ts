import { type BufferingIterator, takeBufferedEvents } from "../buffered-events.js";
import type { ModelEvent } from "../types.js";

/**
 * An async iterable that calls `open` on its first `next()` (so no request is sent until
 * someone reads) and then forwards straight to the iterator `open` returned, with no extra
 * async layer per event (its buffered events too). `return()` before opening never opens.
 */
export function lazyStream(
  open: () => Promise<BufferingIterator>,
): AsyncIterableIterator<ModelEvent> & BufferingIterator {
  let opening: Promise<BufferingIterator> | undefined;
  let inner: BufferingIterator | undefined;
  let closed = false;
  const iterator: AsyncIterableIterator<ModelEvent> & BufferingIterator = {
    [takeBufferedEvents]() {
      return inner?.[takeBufferedEvents]?.() ?? [];
    },
    next() {
      if (inner) return inner.next();
      if (closed) return Promise.resolve({ done: true, value: undefined });
      opening ??= open().then((opened) => {
        inner = opened;
        return opened;
      });
      return opening.then((opened) => opened.next());
    },
    async return() {
      closed = true;
      const opened = inner ?? (await opening?.catch(() => undefined));
      await opened?.return?.(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
