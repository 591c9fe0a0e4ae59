/**
 * At most `size` runs at work at once in a worker. The worker takes one run more than that
 * from its queue, and it waits here: when a run ends, the next one starts at once instead of
 * at the queue's next poll (DBOS 5.3 has no wake-up when a slot frees).
 */
export class RunSlots {
  #free: number;
  #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Runs `work` once a slot is free; the slot goes to the next waiting run when it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
