// One "abort" listener per signal, fanning out to every pending call that uses it, so 100
// parallel calls sharing one signal don't trip Node's MaxListenersExceededWarning. The
// listener stays attached while the signal lives (adding and removing DOM-style listeners
// per call costs about a microsecond); the WeakMap lets both go once the signal is unused.
const callbacksBySignal = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when `signal` aborts. Returns a function that stops watching;
 * call it when the work finishes so a long-lived signal holds no finished calls.
 */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = callbacksBySignal.get(signal);
  if (callbacks === undefined) {
    const pending = new Set<() => void>();
    signal.addEventListener(
      "abort",
      () => {
        for (const notify of [...pending]) notify();
        pending.clear();
      },
      { once: true },
    );
    callbacksBySignal.set(signal, pending);
    callbacks = pending;
  }
  const watched = callbacks;
  watched.add(callback);
  return () => {
    watched.delete(callback);
  };
}
