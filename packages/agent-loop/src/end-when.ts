import { TASK_COMPLETE } from "./exit-tools.js";

/**
 * When a model answer without tool calls ends a run:
 * - `"text"`: at the first such answer.
 * - `"two-texts"`: as Tiny Agents does, an answer that comes right after tool results gets
 *   one more model turn (after {@link continueMessage}), so a model that narrates between
 *   calls ("I'll now write the file.") can go on; the run ends when a text answer follows a
 *   text answer, or opens the run.
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

/**
 * The user message of the one more turn `"two-texts"` gives an answer that follows tool
 * results. Tiny Agents sends none, but a conversation ending in an assistant message is a
 * prefill to Anthropic's newer models (a 400) and to many local chat templates, so the turn
 * asks in so many words; with exit tools it names `task_complete` as the way to finish.
 */
export function continueMessage({ exitTools }: { exitTools: boolean }): string {
  const finish = exitTools ? `call ${TASK_COMPLETE}` : "just say so";
  return `If the task needs more steps, take them now. If it is complete, ${finish}.`;
}
