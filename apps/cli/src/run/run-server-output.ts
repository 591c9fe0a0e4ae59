import { rateLimitedLog } from "@tinyloop/mcp-transport";
import { type StatusLineProgress, statusLine } from "@tinyloop/terminal-text";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { type AbovePrompt, abovePrompt } from "../terminal/above-prompt.js";
import type { Style } from "../terminal/style.js";
import type { RunFlags } from "./run-flags.js";

/** Where `tinyloop run` shows its servers: the status line, their later lines, their logs. */
export interface RunServerOutput {
  /** Server lines after start-up (a failure, a reconnect, a log, a login URL): above the REPL's prompt. */
  serverLines: AbovePrompt;
  /** The status line while the servers connect. */
  progress: StatusLineProgress;
  /** A server's log line under `--verbose`: floods of one kind cut, their count said at exit. */
  serverLog(line: string): void;
}

/** The run's server output on stderr; what it held back is said at exit. */
export function runServerOutput(
  flags: RunFlags,
  io: Io,
  errStyle: Style,
  lifecycle: Lifecycle,
): RunServerOutput {
  const serverLines = abovePrompt(io.stderr);
  const progress = statusLine({
    out: serverLines,
    live: io.stderr.isTTY === true,
    style: errStyle,
    verbose: flags.verbose === true,
  });
  lifecycle.addLastWords(() => progress.flush());
  const serverLogs = rateLimitedLog((line) => serverLines.write(`${errStyle.dim(line)}\n`));
  lifecycle.addLastWords(() => serverLogs.flush());
  return { serverLines, progress, serverLog: serverLogs };
}
