import type { DoneEvent } from "./events.js";

/** Options of {@link describeDone}. */
export interface DescribeDoneOptions {
  /**
   * How the program's user raises the turn limit, named in the `max-turns` line: the
   * option `maxTurns` by default; a CLI names its flag (`--max-turns`).
   */
  maxTurnsSetting?: string;
}

/**
 * One line saying why a run did not complete, for a person: `error: Rate limited: slow
 * down` (the first line of the model's error), `stopped: the model used all 3 turns
 * without finishing (raise maxTurns)`, `interrupted`. Undefined when the run completed or
 * asked a question: then the answer or the question says it.
 */
export function describeDone(
  done: DoneEvent,
  { maxTurnsSetting = "maxTurns" }: DescribeDoneOptions = {},
): string | undefined {
  switch (done.reason) {
    case "error":
      return `error: ${(done.error?.message ?? "the model failed").split("\n")[0]}`;
    case "max-turns":
      return `stopped: the model used all ${done.turns} turns without finishing (raise ${maxTurnsSetting})`;
    case "aborted":
      return "interrupted";
    default:
      return undefined;
  }
}
