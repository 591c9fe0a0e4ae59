/** Longest Retry-After we wait for; beyond it the call fails at once and says so. */
export const maxRetryAfterMs = 60_000;

/**
 * The wait before retry number `attempt` (0-based): the server's `retry-after-ms` or
 * `Retry-After` (seconds or an HTTP date) when present, else exponential backoff from
 * `baseMs` with ±20 % jitter.
 */
export function retryDelayMs(
  headers: { get(name: string): string | null },
  attempt: number,
  baseMs: number,
  now = Date.now(),
): number {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers.get("retry-after");
  if (after !== null) {
    const seconds = Number(after);
    if (after.trim() !== "" && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.round(baseMs * 2 ** attempt * jitter);
}
