import { type DoneEvent, describeDone } from "@tinyloop/agent-loop";
import { plainStyle, type TextStyle, visibleControls } from "@tinyloop/agent-session";
import { refusesTools } from "@tinyloop/inference-adapters/text-tool-calls";

/** Options of {@link doneLine}. */
export interface DoneLineOptions {
  /** Marks the line up: red for an error, yellow for the other reasons. */
  style?: TextStyle;
  /** How the person raises the turn limit (agent-loop's `describeDone`), e.g. `--max-turns`. */
  maxTurnsSetting?: string;
  /**
   * How the person picks the tool-call format, e.g. `--tool-format`: named when the run
   * failed because the server refused native tools.
   */
  toolFormatSetting?: string;
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
  {
    style = plainStyle,
    maxTurnsSetting,
    toolFormatSetting = "toolCallFormat",
  }: DoneLineOptions = {},
): string | undefined {
  let described = describeDone(done, maxTurnsSetting ? { maxTurnsSetting } : {});
  if (described === undefined) return undefined;
  if (done.reason === "error" && refusesTools(done.error)) {
    described += ` (the model's server does not take native tools: set ${toolFormatSetting} to auto, or to a text format such as hermes or pythonic)`;
  }
  const why = visibleControls(described);
  return done.reason === "error" ? style.red(why) : style.yellow(why);
}
