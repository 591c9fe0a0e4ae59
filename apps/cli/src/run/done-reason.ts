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
