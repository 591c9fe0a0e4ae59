/** Waits for `promise`, or `ms` at most (never rejects: a late close must not hang or throw). */
export function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  const settled = promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}
