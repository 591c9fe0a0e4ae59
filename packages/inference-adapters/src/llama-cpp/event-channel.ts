/**
 * A push-to-pull bridge written as a plain async iterator (no generator layers, one promise
 * per event at most): callbacks `push` events, the consumer calls `next()`; `end`/`fail`
 * finish the iteration after the events already pushed. `return()` (a `break` in the
 * consumer's `for await`) runs `onReturn`, e.g. to stop the producer.
 */
export class EventChannel<T> implements AsyncIterableIterator<T> {
  private queue: T[] = [];
  private head = 0;
  private waiting:
    | { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }
    | undefined;
  private finished = false;
  private error: { value: unknown } | undefined;

  constructor(private readonly onReturn?: () => Promise<void>) {}

  push(event: T): void {
    if (this.finished) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ value: event, done: false });
    } else this.queue.push(event);
  }

  end(): void {
    this.finish(undefined);
  }

  fail(error: unknown): void {
    this.finish({ value: error });
  }

  private finish(error: { value: unknown } | undefined): void {
    if (this.finished) return;
    this.finished = true;
    this.error = error;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!waiting) return;
    if (error) waiting.reject(error.value);
    else waiting.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    if (this.head < this.queue.length) {
      const value = this.queue[this.head++] as T;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.finished) {
      const error = this.error;
      this.error = undefined;
      return error
        ? Promise.reject(error.value)
        : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async return(): Promise<IteratorResult<T>> {
    this.finished = true;
    this.queue = [];
    this.head = 0;
    await this.onReturn?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
