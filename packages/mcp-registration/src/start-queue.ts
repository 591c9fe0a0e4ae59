/**
 * At most `limit` server starts at a time; the rest wait their turn, in the order they
 * asked. A start holds its place from spawn until `initialize` is answered (or fails).
 */
export class StartQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /**
   * Runs `start` once a place is free — at once when one is; otherwise `onWait` is called
   * first, then `start` when an earlier start ends.
   */
  async run<T>(start: () => Promise<T>, onWait: () => void): Promise<T> {
    if (this.running >= this.limit) {
      onWait();
      // The place is handed over by the start that ends: `running` stays counted for us.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await start();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
