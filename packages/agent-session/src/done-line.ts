import { type DoneEvent, describeDone } from "@tinyloop/agent-loop";
import { plainStyle, type TextStyle } from "./text-style.js";
import { visibleControls } from "./visible-controls.js";

/** Options of {@link doneLine}. */
export interface DoneLineOptions {
  /** Marks the line up: red for an error, yellow for the other reasons. */
  style?: TextStyle;
  /** How the person raises the turn limit (agent-loop's `describeDone`), e.g. `--max-turns`. */
  maxTurnsSetting?: string;
}

/**
 * The line a person sees when a run did not complete, without the newline: agent-loop's
 * `describeDone` (`error: …`, `stopped: the model used all 3 turns without finishing
 * (raise --max-turns)`, `interrupted`), red for an error and yellow otherwise; an error a
 * model server wrote has its control characters made visible. Undefined
 * when the run completed or asked: the answer or the question says it.
 */
export function doneLine(
  done: DoneEvent,
  { style = plainStyle, maxTurnsSetting }: DoneLineOptions = {},
): string | undefined {
  const described = describeDone(done, maxTurnsSetting ? { maxTurnsSetting } : {});
  if (described === undefined) return undefined;
  const why = visibleControls(described);
  return done.reason === "error" ? style.red(why) : style.yellow(why);
}
