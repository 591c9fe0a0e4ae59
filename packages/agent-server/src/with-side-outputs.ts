import type { CompletionOutput } from "./run-completion.js";
import type { TinyloopExtension } from "./tinyloop-events.js";

/** Extensions sent into a completion's stream from outside its agent's events (an approval question). */
export class SideOutputs {
  readonly #queue: TinyloopExtension[] = [];
  #wake: (() => void) | undefined;

  /** Queues `extension`; it goes out before the completion's next output. */
  push(extension: TinyloopExtension): void {
    this.#queue.push(extension);
    this.#wake?.();
  }

  /** Takes every queued extension. */
  take(): TinyloopExtension[] {
    return this.#queue.splice(0);
  }

  /** Resolves once something is queued. */
  waitForMore(): Promise<void> {
    if (this.#queue.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = undefined;
        resolve();
      };
    });
  }
}

/**
 * `outputs` with the extensions pushed into `side` in between, as soon as they are pushed
 * (an approval question goes out while the run waits for its answer). Closing this closes `outputs`.
 */
export async function* withSideOutputs(
  outputs: AsyncGenerator<CompletionOutput>,
  side: SideOutputs,
): AsyncGenerator<CompletionOutput> {
  try {
    let next = outputs.next();
    for (;;) {
      for (const extension of side.take()) yield { kind: "extension", extension };
      const settled = await Promise.race([next, side.waitForMore().then(() => undefined)]);
      if (settled === undefined) continue;
      if (settled.done) return;
      yield settled.value;
      next = outputs.next();
    }
  } finally {
    await outputs.return(undefined);
  }
}
