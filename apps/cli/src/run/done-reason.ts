import { type DoneEvent, describeDone } from "@tinyloop/agent-loop";
import { EXIT } from "../io.js";
import type { Style } from "../terminal/style.js";

/** Exit code for how a one-shot run ended. */
export function exitCodeFor(done: DoneEvent): number {
  switch (done.reason) {
    case "completed":
    case "asked":
      return EXIT.ok;
    case "max-turns":
      return EXIT.maxTurns;
    case "aborted":
      return EXIT.interrupted;
    case "error":
      return EXIT.runError;
  }
}

/**
 * agent-loop's `describeDone` naming the CLI's `--max-turns`, red for an error and yellow
 * otherwise; undefined when the run completed or asked.
 */
export function doneLine(done: DoneEvent, style: Style): string | undefined {
  const why = describeDone(done, { maxTurnsSetting: "--max-turns" });
  if (why === undefined) return undefined;
  return done.reason === "error" ? style.red(why) : style.yellow(why);
}
