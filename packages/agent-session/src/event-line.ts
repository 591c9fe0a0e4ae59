import type { AgentEvent } from "@tinyloop/agent-loop";
import { formatDuration, oneLine, shortArguments, summarizeResult } from "./short-text.js";
import { plainStyle, type TextStyle } from "./text-style.js";

/** Options of {@link eventLine}. */
export interface EventLineOptions {
  /** Marks up parts of the line (the tool name, the outcome mark, dim details). */
  style?: TextStyle;
  /** Also a line for each progress report of a running tool. */
  verbose?: boolean;
}

/**
 * The line a person sees for one agent event, without the newline:
 * `→ mcp_fs_write_file path="notes.md"` for a tool call,
 * `✓ mcp_fs_write_file 12ms · Wrote notes.md` for its result (`✗ denied`, `✗ error`, … when
 * it did not run or failed), and with `verbose` `… mcp_fx_sleep 3/10 waiting` for progress.
 * A denial's reason says how to allow the call, so it is given whole, never cut. Undefined
 * for the other events: text deltas are the answer itself, to stream as they come, and
 * `done` is for the program to explain (`doneLine`).
 */
export function eventLine(
  event: AgentEvent,
  { style: s = plainStyle, verbose = false }: EventLineOptions = {},
): string | undefined {
  switch (event.type) {
    case "tool-call":
      return s.cyan(`→ ${event.call.name}`) + s.dim(` ${shortArguments(event.call.arguments)}`);
    case "tool-result": {
      const mark =
        event.outcome === "ok"
          ? s.green("✓")
          : event.outcome === "denied"
            ? s.yellow("✗ denied")
            : s.red(`✗ ${event.outcome}`);
      const summary =
        event.outcome === "denied"
          ? summarizeResult(event.result, Number.POSITIVE_INFINITY)
          : oneLine(summarizeResult(event.result), 100);
      return `${mark} ${event.call.name} ${s.dim(formatDuration(event.durationMs))} ${s.dim("·")} ${summary}`;
    }
    case "tool-progress": {
      if (!verbose) return undefined;
      const done =
        event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
      const message = event.message ? ` ${oneLine(event.message, 80)}` : "";
      return s.dim(`… ${event.call.name} ${done}${message}`);
    }
    default:
      return undefined;
  }
}
