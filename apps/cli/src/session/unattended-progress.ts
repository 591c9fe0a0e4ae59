import type { ConnectProgress } from "@tinyloop/agent-session";
import { type StatusLineProgress, statusLine } from "@tinyloop/terminal-text";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Style } from "../terminal/style.js";

/** Server events a command nobody sits beside also reports elsewhere (e.g. to its MCP client). */
export type ServerEvents = Pick<ConnectProgress, "failed" | "dropped" | "back">;

/**
 * The servers' progress for a command nobody sits beside (`serve`, `mcp serve`, `worker`): the
 * status line on stderr (its flood summary printed at exit), and each failure, drop and return
 * also told to `events` when given.
 */
export function unattendedProgress(
  io: Io,
  style: Style,
  { verbose, lifecycle, events }: { verbose: boolean; lifecycle: Lifecycle; events?: ServerEvents },
): StatusLineProgress {
  const live = io.stderr.isTTY === true;
  const progress = statusLine({ out: io.stderr, live, style, verbose, events });
  lifecycle.addLastWords(() => progress.flush());
  return progress;
}
