import { existsSync, readFileSync } from "node:fs";

/**
 * Resolves once `file` has a line starting with `prefix` (a control a fixture server writes,
 * e.g. its `startsLog`), checking every 20 ms; rejects after `timeoutMs` naming what is missing.
 */
export function untilFileLine(file: string, prefix: string, timeoutMs = 30_000): Promise<void> {
  const has = () =>
    existsSync(file) &&
    readFileSync(file, "utf8")
      .split("\n")
      .some((line) => line.startsWith(prefix));
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      clearInterval(check);
      reject(new Error(`${file} has no line "${prefix}…" after ${timeoutMs} ms`));
    }, timeoutMs);
    const check = setInterval(() => {
      if (!has()) return;
      clearInterval(check);
      clearTimeout(giveUp);
      resolve();
    }, 20);
  });
}
