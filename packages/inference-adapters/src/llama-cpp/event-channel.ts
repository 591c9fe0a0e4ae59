/**
 * A push-to-pull bridge: callbacks `push` events, the consumer iterates them; `end`/`fail`
 * finish the iteration after the events already pushed.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private waiting: (() => void) | undefined;
  private done = false;
  private error: { value: unknown } | undefined;

  push(event: T): void {
    if (this.done) return;
    this.queue.push(event);
    this.wake();
  }

  end(): void {
    this.done = true;
    this.wake();
  }

  fail(error: unknown): void {
    if (this.done) return;
    this.error = { value: error };
    this.done = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.done) {
        if (this.error) throw this.error.value;
        return;
      }
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }
}
