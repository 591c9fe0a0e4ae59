interface Watchers {
  callbacks: Set<() => void>;
  detach: () => void;
}

// One "abort" listener per signal, fanning out to every pending call that uses it, so 100
// parallel calls sharing one signal don't trip Node's MaxListenersExceededWarning.
const watchersBySignal = new WeakMap<AbortSignal, Watchers>();

/**
 * Calls `callback` once when `signal` aborts. Returns a function that stops watching;
 * call it when the work finishes so nothing stays attached to a long-lived signal.
 */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  let watchers = watchersBySignal.get(signal);
  if (watchers === undefined) {
    const callbacks = new Set<() => void>();
    const onAbort = (): void => {
      watchersBySignal.delete(signal);
      for (const pending of [...callbacks]) pending();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    watchers = { callbacks, detach: () => signal.removeEventListener("abort", onAbort) };
    watchersBySignal.set(signal, watchers);
  }
  const current = watchers;
  current.callbacks.add(callback);
  return () => {
    current.callbacks.delete(callback);
    if (current.callbacks.size === 0 && watchersBySignal.get(signal) === current) {
      watchersBySignal.delete(signal);
      current.detach();
    }
  };
}
