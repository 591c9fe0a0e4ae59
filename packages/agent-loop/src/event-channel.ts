/**
 * A small push-to-pull queue: producers `push` (from callbacks of work running in
 * parallel), one consumer iterates until `close` and the queue is drained.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  #items: T[] = [];
  #closed = false;
  #wake: (() => void) | undefined;

  /** Queues an item (ignored after `close`). */
  push(item: T): void {
    if (this.#closed) return;
    this.#items.push(item);
    this.#notify();
  }

  /** Ends the iteration once the queued items are consumed. */
  close(): void {
    this.#closed = true;
    this.#notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      const item = this.#items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
