import type { Writable } from "node:stream";
import type { DownloadReport } from "@tinyloop/agent-session";
import { downloadTexts } from "@tinyloop/terminal-text";

/**
 * Shows a model download (terminal-text's `downloadTexts`): on a terminal a bar rewritten
 * in place (`downloading hf:… [#####-----] 52% 510.2/980.0 MB`), elsewhere a line when it
 * starts and one when it ends.
 */
export function downloadBar(out: Writable, live: boolean): (report: DownloadReport) => void {
  let started = false;
  let finished = false;
  return (report) => {
    if (finished) return;
    const texts = downloadTexts(report);
    if (!live) {
      if (!started) out.write(`${texts.started}\n`);
      if (texts.done) out.write(`${texts.finished}\n`);
    } else {
      out.write(`\r\u001b[K${texts.progress}${texts.done ? "\n" : ""}`);
    }
    started = true;
    finished = texts.done;
  };
}
