/**
 * Everything that must be closed before the process exits, whatever the exit path:
 * normal end, end of input, SIGINT, SIGTERM, an uncaught error.
 */
export class Lifecycle {
  readonly #closers: Array<() => Promise<unknown>> = [];
  readonly #finalClosers: Array<() => Promise<unknown>> = [];
  readonly #lastWords: Array<() => void> = [];
  #closing: Promise<void> | undefined;
  #onInterrupt: (() => void) | undefined;
  readonly #stopping = new AbortController();

  /**
   * Aborts once the process starts to exit for any reason (SIGTERM, SIGHUP, a dead
   * terminal, an uncaught error): a run or REPL turn in progress must stop calling the model
   * and starting tools before the servers are closed under it.
   */
  get signal(): AbortSignal {
    return this.#stopping.signal;
  }

  /**
   * What Ctrl+C (SIGINT) does now: a running one-shot aborts its run, the REPL aborts the
   * turn. With no handler set (startup, connecting), it closes everything and exits 130.
   */
  set onInterrupt(handler: (() => void) | undefined) {
    this.#onInterrupt = handler;
  }

  /** Called on SIGINT. */
  interrupt(): void {
    if (this.#onInterrupt) this.#onInterrupt();
    else void this.exit(130);
  }

  /** Registers something to close; closers run in parallel. */
  add(closer: () => Promise<unknown>): void {
    this.#closers.push(closer);
  }

  /**
   * Registers something to close after every other closer has run: the trace exporter, so
   * the spans of the run (ended when its signal aborted) and of the servers' shutdown are
   * flushed before the exit.
   */
  addFinal(closer: () => Promise<unknown>): void {
    this.#finalClosers.push(closer);
  }

  /**
   * Registers something to say once every closer has run, just before the exit: the count
   * of lines a flood cut (servers may log while they close).
   */
  addLastWords(say: () => void): void {
    this.#lastWords.push(say);
  }

  /**
   * Runs every closer once, then the final ones, bounded by `timeoutMs` so a stuck closer
   * cannot hang the exit; then the last words.
   */
  close(timeoutMs = 15_000): Promise<void> {
    this.#closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      const closeAll = async () => {
        await Promise.allSettled(this.#closers.map((close) => close()));
        if (this.#finalClosers.length === 0) return;
        // One turn of the event loop: a run aborted by the exit ends its spans in its finally.
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.allSettled(this.#finalClosers.map((close) => close()));
      };
      await Promise.race([closeAll(), bound]);
      clearTimeout(timer);
      for (const say of this.#lastWords) say();
    })();
    return this.#closing;
  }

  /** Aborts {@link signal} (stopping the run), closes everything, then exits with `code`. */
  async exit(code: number): Promise<never> {
    this.#stopping.abort();
    await this.close();
    process.exit(code);
  }
}
