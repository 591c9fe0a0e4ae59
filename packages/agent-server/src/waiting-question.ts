import { randomUUID } from "node:crypto";

/**
 * A question put to a page that waits for its answer: `open(id, settle)` records it under a new
 * id and sends it; it resolves what `settle` is given, or `cancelled` when `signal` ends first
 * (at once when it has ended). `close(id)` forgets it either way.
 */
export function waitingQuestion<T>(
  signal: AbortSignal,
  cancelled: T,
  open: (id: string, settle: (result: T) => void) => void,
  close: (id: string) => void,
): Promise<T> {
  if (signal.aborted) return Promise.resolve(cancelled);
  const id = randomUUID();
  return new Promise((resolve) => {
    const settle = (result: T) => {
      close(id);
      signal.removeEventListener("abort", onAbort);
      resolve(result);
    };
    const onAbort = () => settle(cancelled);
    signal.addEventListener("abort", onAbort, { once: true });
    open(id, settle);
  });
}
