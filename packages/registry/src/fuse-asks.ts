import type { SlotScores } from "./weighted-field-index.js";

/**
 * Scores of a request made of several asks: each tool's share of the best score for the
 * whole request, plus its best share in any one ask, so the best tool of every ask comes
 * near the top however short that ask is. Every tool an ask matched is matched by the whole
 * request too (it holds the ask's words), so the answer is read at `whole.slots`.
 */
export function fuseAsks(whole: SlotScores, asks: readonly SlotScores[]): Float64Array {
  const bestShare = new Float64Array(whole.score.length);
  for (const ask of asks) {
    if (ask.max === 0) continue;
    for (const slot of ask.slots)
      bestShare[slot] = Math.max(bestShare[slot]!, ask.score[slot]! / ask.max);
  }
  const fused = new Float64Array(whole.score.length);
  for (const slot of whole.slots)
    fused[slot] = (whole.max > 0 ? whole.score[slot]! / whole.max : 0) + bestShare[slot]!;
  return fused;
}
