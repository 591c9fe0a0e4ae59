/** Marker value {@link untilAborted} resolves to when the signal wins. */
export const ABORTED: unique symbol = Symbol("aborted");

/** Per signal, the waiters to wake when it aborts: one abort listener per signal. */
const waitersBySignal = new WeakMap<AbortSignal, Set<() => void>>();

function waitersOf(signal: AbortSignal): Set<() => void> {
  let waiters = waitersBySignal.get(signal);
  if (waiters === undefined) {
    const created = new Set<() => void>();
    signal.addEventListener(
      "abort",
      () => {
        for (const wake of [...created]) wake();
        created.clear();
      },
      { once: true },
    );
    waitersBySignal.set(signal, created);
    waiters = created;
  }
  return waiters;
}

/**
 * Waits for `promise`, or for `signal` to abort, whichever comes first. Work that ignores
 * its signal can therefore never hold up an aborted run; its late result is dropped.
 * Every wait on one signal shares a single abort listener (a model turn waits once per
 * streamed event; adding and removing a DOM event listener each time cost more than the
 * wait itself).
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
    const waiters = waitersOf(signal);
    const onAbort = () => resolve(ABORTED);
    waiters.add(onAbort);
    promise.then(
      (value) => {
        waiters.delete(onAbort);
        resolve(value);
      },
      (error: unknown) => {
        waiters.delete(onAbort);
        reject(error);
      },
    );
  });
}
