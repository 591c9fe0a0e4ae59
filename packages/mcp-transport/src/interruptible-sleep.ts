/**
 * Backoff sleeps that `close()` can cut short: every pending and later sleep ends at once
 * after {@link InterruptibleSleep.interrupt}, so a closed connection never waits out a delay.
 */
export class InterruptibleSleep {
  private readonly controller = new AbortController();

  /** Resolves after `ms`, or at once when interrupted. Never rejects. */
  sleep(ms: number): Promise<void> {
    const signal = this.controller.signal;
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /** Ends every sleep, now and later. */
  interrupt(): void {
    this.controller.abort();
  }
}
