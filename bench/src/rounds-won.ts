import type { ScenarioResult } from "./results.js";
import { okResult, PEERS } from "./targets.js";

/** In how many measured rounds of a scenario tinyloop's run was faster than every peer's. */
export interface RoundsWon {
  won: number;
  rounds: number;
}

/**
 * Compares tinyloop with the peers round by round: the i-th measured run of every
 * contender belongs to the same round (run-scenario.ts), so they met the same background
 * load. A median can flip on one noisy run; this count shows how often tinyloop was ahead.
 * Undefined when tinyloop or every peer has no figures (n/a, failed, or not run); peers that
 * failed are left out, as in the median verdict they have no figure to beat.
 */
export function roundsWon(scenario: ScenarioResult): RoundsWon | undefined {
  const mine = okResult(scenario, "tinyloop")?.wallMs;
  const peers = PEERS.map((id) => okResult(scenario, id)?.wallMs).filter(
    (wallMs): wallMs is number[] => wallMs !== undefined && wallMs.length > 0,
  );
  if (!mine || mine.length === 0 || peers.length === 0) return undefined;
  const rounds = Math.min(mine.length, ...peers.map((wallMs) => wallMs.length));
  let won = 0;
  for (let round = 0; round < rounds; round++) {
    if (peers.every((wallMs) => (mine[round] as number) < (wallMs[round] as number))) won += 1;
  }
  return { won, rounds };
}
