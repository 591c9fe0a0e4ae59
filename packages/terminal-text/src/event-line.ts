import type { AgentEvent } from "@tinyloop/agent-loop";
import {
  oneLine,
  plainStyle,
  shortArguments,
  type TextStyle,
  visibleControls,
} from "@tinyloop/agent-session";
import { RESOLVED_NAME_META, type ToolResult, toolResultText } from "@tinyloop/registry";
import { formatDuration } from "./compact-count.js";
import type { ResultsMode } from "./session-commands.js";
import { summarizeResult } from "./summarize-result.js";

/** Options of {@link eventLine}. */
export interface EventLineOptions {
  /** Marks up parts of the line (the tool name, the outcome mark, dim details). */
  style?: TextStyle;
  /** Also a line for each progress report of a running tool. */
  verbose?: boolean;
  /**
   * `full`: a tool result's whole text follows its line (control characters made visible,
   * images as `[image image/png]`). Default `short`: one cut line.
   */
  results?: ResultsMode;
}

/**
 * The line a person sees for one agent event, without the newline:
 * `→ mcp_fs_write_file path="notes.md"` for a tool call,
 * (with `verbose`, a result of a call that named an MCP tool by its own name gets a second
 * line saying which tool ran),
 * `✓ mcp_fs_write_file 12ms · Wrote notes.md` for its result (`✗ denied`, `✗ error`, … when
 * it did not run or failed), and with `verbose` `… mcp_fx_sleep 3/10 waiting` for progress.
 * A denial's reason says how to allow the call, so it is given whole, never cut. Undefined
 * for the other events: text deltas are the answer itself, to stream as they come, and
 * `done` is for the program to explain (`doneLine`).
 */
export function eventLine(
  event: AgentEvent,
  { style: s = plainStyle, verbose = false, results = "short" }: EventLineOptions = {},
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
      const head = `${mark} ${event.call.name} ${s.dim(formatDuration(event.durationMs))}`;
      const line =
        results === "full" && event.outcome !== "denied"
          ? `${head}\n${visibleControls(toolResultText(event.result)).replace(/\n$/, "")}`
          : `${head} ${s.dim("·")} ${
              event.outcome === "denied"
                ? summarizeResult(event.result, Number.POSITIVE_INFINITY)
                : oneLine(summarizeResult(event.result), 100)
            }`;
      const resolved = resolvedNameOf(event.result);
      return verbose && resolved
        ? `${line}\n${s.dim(`  ${resolved.called} ran as ${resolved.ran}: no tool has that name; it is that MCP tool's own name on its server`)}`
        : line;
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

/** The `{ called, ran }` the agent loop put in a result whose call used an MCP tool's own name. */
function resolvedNameOf(result: ToolResult): { called: string; ran: string } | undefined {
  const value = result._meta?.[RESOLVED_NAME_META] as
    | { called?: unknown; ran?: unknown }
    | undefined;
  return typeof value?.called === "string" && typeof value.ran === "string"
    ? { called: value.called, ran: value.ran }
    : undefined;
}
