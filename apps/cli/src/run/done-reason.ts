import type { DoneEvent } from "@tinyloop/agent-loop";
import { EXIT } from "../io.js";

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

/** One line saying why a run did not complete, or undefined when it did. */
export function describeDone(done: DoneEvent): string | undefined {
  switch (done.reason) {
    case "error":
      return `error: ${(done.error?.message ?? "the model failed").split("\n")[0]}`;
    case "max-turns":
      return `stopped: the model used all ${done.turns} turns without finishing (raise --max-turns)`;
    case "aborted":
      return "interrupted";
    default:
      return undefined;
  }
}
