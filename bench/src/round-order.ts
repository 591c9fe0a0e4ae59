/**
 * The order in which the contenders run in one round of a scenario. The first round (the
 * validation run) keeps the given order, since the floor's first run tells how many tools
 * the others must offer. Each later round starts one contender further on, so that no
 * contender always runs first or always right after the same neighbour (openai-agents'
 * ten busy seconds, say), and every contender takes every position about equally often.
 */
export function roundOrder<T>(contenders: readonly T[], round: number): T[] {
  const shift = contenders.length === 0 ? 0 : round % contenders.length;
  return [...contenders.slice(shift), ...contenders.slice(0, shift)];
}
