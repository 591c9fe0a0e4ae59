import type { ConnectProgress, TextStyle } from "@tinyloop/agent-session";
import { rateLimitedLog } from "@tinyloop/mcp-transport";

/** A connect progress drawn as {@link statusLine} draws it, with what it needs at exit. */
export type StatusLineProgress = ConnectProgress & {
  /** Ends the live line: it stays as history and is never redrawn. */
  finish(): void;
  /** Prints the count of verbose lines a flood cut (call it at exit). */
  flush(): void;
};

/**
 * agent-session's `ConnectProgress` for a terminal: with `live` one line rewritten in place
 * (`connecting 3/4 servers · 27 tools`); elsewhere only the final line. Failed servers
 * get a line each, with the reason; later, a server that drops mid-session one line when it
 * went down and one when it is back (or the failed line when its restart is given up).
 * With `verbose`, the verbose lines (timings, warnings) are cut to 5 of a kind per 5 s;
 * `flush()` prints the count of those left out (call it at exit).
 */
export function statusLine({
  out,
  live,
  style,
  verbose,
  events,
}: {
  /** Where lines go: stderr, or a writer that keeps them above a prompt (anything with `write(text)`). */
  out: { write(text: string): unknown };
  /** The output is a terminal: the status line is rewritten in place (else only its last text). */
  live: boolean;
  style: TextStyle;
  verbose: boolean;
  /** Told each failure, drop and return too (e.g. a program's client, a log). */
  events?: Pick<ConnectProgress, "failed" | "dropped" | "back"> | undefined;
}): StatusLineProgress {
  let last = "";
  let shown = false;
  // After finish() the line is history: later changes (servers closing on exit, a
  // re-sync mid-session) must not redraw it over the prompt.
  let finished = false;
  const clear = () => {
    if (live && shown) out.write("\r\u001b[K");
    shown = false;
  };
  // A line of its own: the live line (while connecting) is cleared first and drawn again after.
  const say = (lines: string[]) => {
    clear();
    for (const line of lines) out.write(line);
    if (live && last && !finished) {
      out.write(style.dim(last));
      shown = true;
    }
  };
  const verboseLines = rateLimitedLog((line) => {
    clear();
    out.write(`${style.dim(line)}\n`);
  });
  const progress: StatusLineProgress = {
    status(line) {
      last = line;
      if (!live || finished) return;
      clear();
      out.write(style.dim(line));
      shown = true;
    },
    failed(server, reason, stderr) {
      say([
        `${style.red("✗")} server ${server} failed: ${reason}\n`,
        ...(stderr ?? []).map((line) => style.dim(`  ${server} stderr: ${line}\n`)),
      ]);
      events?.failed(server, reason, stderr);
    },
    dropped(server, reason) {
      say([
        // `…exited with code 3.; reconnecting` reads badly: the reason's own full stop goes.
        `${style.yellow("!")} server ${server} went down${reason ? `: ${reason.replace(/\.$/, "")}` : ""}; reconnecting\n`,
      ]);
      events?.dropped?.(server, reason);
    },
    back(server, tools, unlisted) {
      say([
        unlisted === undefined
          ? `${style.green("✓")} server ${server} is back · ${tools} tools\n`
          : `${style.yellow("!")} server ${server} is back, but its tools could not be listed again: ${unlisted.replace(/\.$/, "")}; its ${tools} tools from before stay\n`,
      ]);
      events?.back?.(server, tools, unlisted);
    },
    finish() {
      if (finished) return;
      finished = true;
      clear();
      if (last) out.write(`${style.dim(last)}\n`);
    },
    flush: () => verboseLines.flush(),
  };
  if (verbose) progress.verbose = verboseLines;
  return progress;
}
