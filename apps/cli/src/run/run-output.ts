import { type SessionEvent, toJsonLine } from "@tinyloop/agent-session";
import type { Io } from "../io.js";
import { type Style, styleFor } from "../terminal/style.js";
import type { RunFlags } from "./run-flags.js";

/** Where and how `tinyloop run` writes: the answer's style, the status style, `--json` events. */
export interface RunOutput {
  /** stdout's style (the answer). */
  style: Style;
  /** stderr's style (status lines, warnings, questions). */
  errStyle: Style;
  /** `--json`: events on stdout instead of text. */
  json: boolean;
  /** Writes one `--json` event line to stdout. */
  emit(event: SessionEvent): void;
}

/** The run's output, as the flags and the terminal decide it. */
export function runOutput(flags: RunFlags, io: Io): RunOutput {
  return {
    style: styleFor(io.stdout, flags, io.env),
    errStyle: styleFor(io.stderr, flags, io.env),
    json: flags.json === true,
    emit: (event) => io.stdout.write(toJsonLine(event)),
  };
}
