import { AgentFileError } from "./agent-file-error.js";
import { allProblems } from "./schema-error.js";

/**
 * The problems found while reading one file, so that all of them are said at once: each
 * part (the top-level keys, each server entry) is read through {@link ProblemList.collect},
 * and {@link ProblemList.throwAll} throws them together, in file order (`allProblems`).
 */
export class ProblemList {
  readonly #problems: AgentFileError[] = [];

  /**
   * Runs `read`; an `AgentFileError` it throws is kept and `undefined` returned (the reader
   * goes on with the next part). Any other error is a bug and passes through.
   */
  collect<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!AgentFileError.isInstance(error)) throw error;
      this.#problems.push(error);
      return undefined;
    }
  }

  /** Throws every problem kept as one `AgentFileError` (the rest in its `others`); nothing when none. */
  throwAll(): void {
    const problem = allProblems(this.#problems);
    if (problem) throw problem;
  }
}

/**
 * Reads each of `items` with `read` (a server entry each), going on past an entry with a
 * problem, then throws every problem found at once (see {@link ProblemList}); returns what
 * the entries read to, those with a problem or that `read` skipped (`undefined`) left out.
 */
export function readEach<T, R>(
  items: readonly T[],
  read: (item: T, index: number) => R | undefined,
): R[] {
  const problems = new ProblemList();
  const results = items.map((item, index) => problems.collect(() => read(item, index)));
  problems.throwAll();
  return results.filter((result): result is R => result !== undefined);
}
