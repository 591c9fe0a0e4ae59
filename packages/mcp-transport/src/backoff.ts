/**
 * Delay before reconnect attempt `attempt` (0-based): `baseDelayMs · 2^attempt`, capped at
 * `maxDelayMs`, with "equal jitter" — a random value between half and all of it — so that
 * many clients of one crashed server do not retry in lockstep.
 */
export function backoffDelay(
  attempt: number,
  policy: { baseDelayMs: number; maxDelayMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
