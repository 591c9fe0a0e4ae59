import { watchAbort } from "./abort-watch.js";

/** Marker value {@link untilAborted} resolves to when the signal wins. */
export const ABORTED: unique symbol = Symbol("aborted");

/**
 * Waits for `promise`, or for `signal` to abort, whichever comes first. Work that ignores
 * its signal can therefore never hold up an aborted run; its late result is dropped.
 * Every wait on one signal shares a single abort listener, {@link watchAbort} (agent-loop's
 * model turn waits once per streamed event; adding and removing a DOM event listener each
 * time cost more than the wait itself).
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
): Promise<T | typeof ABORTED> {
  if (signal.aborted) {
    promise.catch(() => {}); // the late outcome is of no interest any more
    return Promise.resolve(ABORTED);
  }
  return new Promise((resolve, reject) => {
    const stopWatching = watchAbort(signal, () => resolve(ABORTED));
    promise.then(
      (value) => {
        stopWatching();
        resolve(value);
      },
      (error: unknown) => {
        stopWatching();
        reject(error);
      },
    );
  });
}
