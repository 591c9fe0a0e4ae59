/**
 * Milliseconds from a number of seconds as a file writes it (`120`, `0.5`, `1.25`): exact for
 * every value with at most three decimals; `Math.round` only removes binary float noise
 * (`1.1 * 1000` is `1100.0000000000002`). A timeout the file leaves out stays `undefined`.
 */
export function msFromSeconds(seconds: number): number;
export function msFromSeconds(seconds: number | undefined): number | undefined;
export function msFromSeconds(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

/**
 * Milliseconds as a file writes them, made whole (a transport timeout is a whole number of ms).
 * A timeout the file leaves out stays `undefined`.
 */
export function wholeMs(ms: number): number;
export function wholeMs(ms: number | undefined): number | undefined;
export function wholeMs(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.round(ms);
}
