import type { ConnectProgress } from "@tinyloop/agent-session";
import type { Style } from "../terminal/style.js";

/**
 * Server progress on stderr: on a terminal one live line rewritten in place
 * (`connecting 3/4 servers · 27 tools`); elsewhere only the final line. Failed servers
 * get a line each, with the reason.
 */
export function statusLine({
  out,
  live,
  style,
  verbose,
}: {
  /** Where lines go: stderr, or the REPL's `abovePrompt` writer (anything with `write(text)`). */
  out: { write(text: string): unknown };
  live: boolean;
  style: Style;
  verbose: boolean;
}): ConnectProgress & { finish(): void } {
  let last = "";
  let shown = false;
  // After finish() the line is history: later changes (servers closing on exit, a
  // re-sync mid-session) must not redraw it over the prompt.
  let finished = false;
  const clear = () => {
    if (live && shown) out.write("\r\u001b[K");
    shown = false;
  };
  const progress: ConnectProgress & { finish(): void } = {
    status(line) {
      last = line;
      if (!live || finished) return;
      clear();
      out.write(style.dim(line));
      shown = true;
    },
    failed(server, reason, stderr = []) {
      clear();
      out.write(`${style.red("✗")} server ${server} failed: ${reason}\n`);
      for (const line of stderr) out.write(style.dim(`  ${server} stderr: ${line}\n`));
      if (live && last && !finished) {
        out.write(style.dim(last));
        shown = true;
      }
    },
    finish() {
      if (finished) return;
      finished = true;
      clear();
      if (last) out.write(`${style.dim(last)}\n`);
    },
  };
  if (verbose) {
    progress.verbose = (line) => {
      clear();
      out.write(`${style.dim(line)}\n`);
    };
  }
  return progress;
}
