import type { McpTransportError } from "./errors.js";

type Waiter = { resolve: () => void; reject: (error: McpTransportError) => void };

/** What ends one wait early, besides the connection's own outcome. */
export interface WaitLimits {
  /** Epoch ms; past it the wait rejects with `onTimeout()`. */
  deadline: number;
  signal: AbortSignal | undefined;
  onTimeout: () => McpTransportError;
  onAbort: () => McpTransportError;
}

/**
 * Calls waiting for a reconnect to finish. The connection settles them all when it reaches
 * `ready` (resolve) or `failed`/`closed` (reject); each also ends on its own deadline or signal.
 */
export class ReadyWaiters {
  private readonly waiters = new Set<Waiter>();

  /** Waits until {@link resolveAll} or {@link rejectAll}, the deadline, or the signal. */
  wait(limits: WaitLimits): Promise<void> {
    const { deadline, signal } = limits;
    return new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.waiters.delete(waiter);
      };
      const waiter: Waiter = {
        resolve: () => {
          cleanup();
          resolve();
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      };
      const onAbort = () => waiter.reject(limits.onAbort());
      const timer = setTimeout(
        () => waiter.reject(limits.onTimeout()),
        Math.max(0, deadline - Date.now()),
      );
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** The connection is ready: every waiting call proceeds. */
  resolveAll(): void {
    for (const waiter of [...this.waiters]) waiter.resolve();
  }

  /** The connection will not come back: every waiting call rejects with `error()`. */
  rejectAll(error: () => McpTransportError): void {
    for (const waiter of [...this.waiters]) waiter.reject(error());
  }
}
