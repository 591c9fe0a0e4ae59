/**
 * When a model answer without tool calls ends a run:
 * - `"text"`: at the first such answer.
 * - `"two-texts"`: as Tiny Agents does, an answer that comes right after tool results gets
 *   one more model turn (with nothing added to the history), so a model that narrates
 *   between calls ("I'll now write the file.") can go on; the run ends when a text answer
 *   follows a text answer, or opens the run.
 */
export type EndWhen = "text" | "two-texts";

/** Every {@link EndWhen} value, in the order help texts list them. */
export const END_WHEN_CHOICES: readonly EndWhen[] = ["text", "two-texts"];

/**
 * True when a turn without tool calls ends the run; `afterToolTurn` says whether the turn
 * before it in this run called tools.
 */
export function textTurnEndsRun(endWhen: EndWhen, afterToolTurn: boolean): boolean {
  return endWhen === "text" || !afterToolTurn;
}
