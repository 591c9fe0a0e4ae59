import type { RegistryChange } from "./types.js";

/** A listener's failure, as told to {@link ToolRegistryOptions.onListenerError}. */
export interface ListenerFailure {
  /** What the listener threw. */
  error: unknown;
  /** The change it was told about; the change has already been applied. */
  change: RegistryChange;
}

type ChangeListener = (change: RegistryChange) => void;

/**
 * The registry's `onChange` subscribers. Every listener hears every change, even after an
 * earlier one threw. What happens to a listener's error is the owner's choice: handed to
 * `onListenerError` when given, otherwise rethrown (an `AggregateError` for several) once
 * all listeners ran, so a listener bug is never swallowed silently.
 */
export class ChangeListeners {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onListenerError?: (failure: ListenerFailure) => void) {}

  /** Adds a subscription (the same function twice is two); returns its unsubscribe. */
  add(listener: ChangeListener): () => void {
    const subscription: ChangeListener = (change) => listener(change);
    this.listeners.add(subscription);
    return () => {
      this.listeners.delete(subscription);
    };
  }

  /** Tells every listener about `change` (subscribers added meanwhile wait for the next). */
  notify(change: RegistryChange): void {
    const errors: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 0) return;
    if (this.onListenerError !== undefined) {
      for (const error of errors) this.onListenerError({ error, change });
      return;
    }
    if (errors.length === 1) throw errors[0];
    throw new AggregateError(errors, "Several onChange listeners threw");
  }
}
