import type { Writable } from "node:stream";

/** One progress report of a model download. */
export interface DownloadReport {
  uri?: string;
  downloadedBytes: number;
  totalBytes?: number | undefined;
}

const mb = (n: number) => (n / 1e6).toFixed(1);

/**
 * Shows a model download: on a terminal a bar rewritten in place
 * (`downloading hf:… [#####-----] 52% 510.2/980.0 MB`), elsewhere a line when it starts and
 * one when it ends.
 */
export function downloadBar(out: Writable, live: boolean): (report: DownloadReport) => void {
  let started = false;
  let finished = false;
  return ({ uri, downloadedBytes, totalBytes }) => {
    if (finished) return;
    const name = uri ?? "model";
    const done = totalBytes !== undefined && downloadedBytes >= totalBytes;
    if (!live) {
      if (!started)
        out.write(`downloading ${name}${totalBytes ? ` (${mb(totalBytes)} MB)` : ""}…\n`);
      if (done) out.write(`downloaded ${name}\n`);
    } else {
      const fraction = totalBytes ? Math.min(1, downloadedBytes / totalBytes) : 0;
      const bar = totalBytes
        ? ` [${"#".repeat(Math.round(fraction * 20)).padEnd(20, "-")}] ${Math.floor(fraction * 100)}%`
        : "";
      const sizes = `${mb(downloadedBytes)}${totalBytes ? `/${mb(totalBytes)}` : ""} MB`;
      out.write(`\r\u001b[Kdownloading ${name}${bar} ${sizes}${done ? "\n" : ""}`);
    }
    started = true;
    finished = done;
  };
}
