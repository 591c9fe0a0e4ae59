/**
 * Milliseconds from a number of seconds as a file writes it (`120`, `0.5`, `1.25`): exact for
 * every value with at most three decimals; `Math.round` only removes binary float noise
 * (`1.1 * 1000` is `1100.0000000000002`).
 */
export function msFromSeconds(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** Milliseconds as a file writes them, made whole (a transport timeout is a whole number of ms). */
export function wholeMs(ms: number): number {
  return Math.round(ms);
}
