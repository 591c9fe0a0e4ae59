/** Marker value {@link untilAborted} resolves to when the signal wins. */
export const ABORTED: unique symbol = Symbol("aborted");

/**
 * Waits for `promise`, or for `signal` to abort, whichever comes first. Work that ignores
 * its signal can therefore never hold up an aborted run; its late result is dropped.
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
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
