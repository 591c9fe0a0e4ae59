import type { ModelEvent } from "../types.js";

/**
 * An async iterable that calls `open` on its first `next()` (so no request is sent until
 * someone reads) and then forwards straight to the iterator `open` returned, with no extra
 * async layer per event. `return()` before opening never opens.
 */
export function lazyStream(
  open: () => Promise<AsyncIterator<ModelEvent>>,
): AsyncIterableIterator<ModelEvent> {
  let opening: Promise<AsyncIterator<ModelEvent>> | undefined;
  let inner: AsyncIterator<ModelEvent> | undefined;
  let closed = false;
  const iterator: AsyncIterableIterator<ModelEvent> = {
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
