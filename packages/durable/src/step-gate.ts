/**
 * Lets a draining worker finish the steps it has started while starting no new ones: a step
 * that arrives after `drain()` never starts (its run stays where it is, to be resumed by
 * another worker).
 */
export class StepGate {
  #running = 0;
  #draining = false;
  #idle: Array<() => void> = [];

  /** Runs `step` unless draining; then returns a promise that never settles. */
  pass<T>(step: () => Promise<T>): Promise<T> {
    if (this.#draining) return new Promise<T>(() => {});
    this.#running++;
    return step().finally(() => {
      this.#running--;
      if (this.#running === 0) for (const wake of this.#idle.splice(0)) wake();
    });
  }

  /** Starts no more steps; resolves once the started ones have finished. */
  drain(): Promise<void> {
    this.#draining = true;
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}
