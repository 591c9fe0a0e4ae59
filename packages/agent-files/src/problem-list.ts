import { AgentFileError } from "./agent-file-error.js";

/**
 * The problems found while reading one file, so that all of them are said at once, of every
 * kind: the readers of each format put each part's problems here (the top-level keys, each
 * server entry) and go on with the rest; the checks after them (provider, variables, inputs)
 * add theirs; {@link ProblemList.throwAll} throws them together, in file order (`allProblems`).
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
      this.add(error);
      return undefined;
    }
  }

  /** {@link ProblemList.collect} for a reading that waits (asking for an input). */
  async collectAsync<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      this.add(error);
      return undefined;
    }
  }

  /** Keeps `error` when it is an `AgentFileError`; any other error is a bug and is thrown. */
  add(error: unknown): void {
    if (!AgentFileError.isInstance(error)) throw error;
    this.#problems.push(error);
  }

  /** How many problems were kept (an error's `others` not counted). */
  get size(): number {
    return this.#problems.length;
  }

  /** Throws every problem kept as one `AgentFileError` (the rest in its `others`); nothing when none. */
  throwAll(): void {
    const problem = allProblems(this.#problems);
    if (problem) throw problem;
  }
}

/**
 * Reads each of `items` with `read` (a server entry each), going on past an entry with a
 * problem: each problem goes to `problems` (see {@link ProblemList}); returns what the
 * entries read to, those with a problem or that `read` skipped (`undefined`) left out.
 */
export function readEach<T, R>(
  items: readonly T[],
  read: (item: T, index: number) => R | undefined,
  problems: ProblemList,
): R[] {
  const results = items.map((item, index) => problems.collect(() => read(item, index)));
  return results.filter((result): result is R => result !== undefined);
}

/**
 * One error for all the problems found in a file (each error's `others` included), in the
 * order they appear in it, those of no one place (unset variables, listed with theirs) last;
 * undefined when there are none.
 */
export function allProblems(errors: readonly AgentFileError[]): AgentFileError | undefined {
  const flat = errors.flatMap((error) => [error, ...error.others]);
  const place = (error: AgentFileError) =>
    [error.line ?? Number.MAX_SAFE_INTEGER, error.column ?? 0] as const;
  flat.sort((a, b) => place(a)[0] - place(b)[0] || place(a)[1] - place(b)[1]);
  const [first, ...rest] = flat.map((error) =>
    error.others.length > 0 ? error.withOthers([]) : error,
  );
  return first && (rest.length === 0 ? first : first.withOthers(rest));
}
