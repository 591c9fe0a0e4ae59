import type { ChildProcess } from "node:child_process";

/** How much of a worker process's stderr is kept, to say why it stopped. */
const TAIL_CHARS = 2000;

/** A worker process that stopped on its own while its batch ran. */
export interface StoppedWorker {
  /** 1-based, in the order the workers were started. */
  worker: number;
  /** Its exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what it wrote on stderr. */
  stderr: string;
}

/**
 * The worker processes a batch started: each one's stderr tail is kept, and one that stops
 * on its own (not by {@link stop}, not by SIGTERM) is reported. `start(index)` is the
 * caller's: it knows how to start a worker of its agent (a program, its flags, where the
 * database URL goes); the process should stop on SIGTERM, finishing its running steps.
 */
export class BatchWorkers {
  readonly #children: ChildProcess[] = [];
  readonly #stopped: StoppedWorker[] = [];
  #stopping = false;

  constructor(
    count: number,
    start: (index: number) => ChildProcess,
    onStopped: (worker: StoppedWorker) => void,
  ) {
    for (let index = 0; index < count; index++) {
      const child = start(index);
      let tail = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
      });
      child.once("exit", (code, signal) => {
        // 143: stopped by a SIGTERM from outside, as a worker should (its runs go on elsewhere).
        if (this.#stopping || code === 0 || code === 143) return;
        const stopped = { worker: index + 1, code, signal, stderr: tail.trim() };
        this.#stopped.push(stopped);
        onStopped(stopped);
      });
      this.#children.push(child);
    }
  }

  /** True when workers were started and every one of them stopped on its own. */
  get allStopped(): boolean {
    return this.#children.length > 0 && this.#stopped.length === this.#children.length;
  }

  /** The workers that stopped on their own, in the order they stopped. */
  get stopped(): readonly StoppedWorker[] {
    return this.#stopped;
  }

  /** SIGTERMs every worker still running and waits until all have exited. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(
      this.#children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      ),
    );
  }
}
