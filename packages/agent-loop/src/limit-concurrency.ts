/** Runs a task once a slot is free; see {@link limitConcurrency}. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A limiter that lets at most `limit` tasks run at once; the others wait in the order
 * they were submitted.
 */
export function limitConcurrency(limit: number): Limiter {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
