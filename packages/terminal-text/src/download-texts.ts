import type { DownloadReport } from "@tinyloop/agent-session";

/** The texts of one {@link DownloadReport} (see {@link downloadTexts}). */
export interface DownloadTexts {
  /** For a line rewritten in place: `downloading hf:… [#####-----] 52% 510.2/980.0 MB`. */
  progress: string;
  /** For output that cannot rewrite a line, once at the start: `downloading hf:… (980.0 MB)…`. */
  started: string;
  /** Once at the end: `downloaded hf:…`. */
  finished: string;
  /** Every byte is in (the size is known and reached). */
  done: boolean;
}

const mb = (n: number) => (n / 1e6).toFixed(1);

/**
 * What a person sees of a model download: a 20-character bar, the percentage and the sizes
 * in MB when the size is known (only the bytes so far when not), and the lines for the start
 * and the end. The program decides where they go (a terminal rewrites `progress` in place).
 */
export function downloadTexts({ uri, downloadedBytes, totalBytes }: DownloadReport): DownloadTexts {
  const name = uri ?? "model";
  const fraction = totalBytes ? Math.min(1, downloadedBytes / totalBytes) : 0;
  const bar = totalBytes
    ? ` [${"#".repeat(Math.round(fraction * 20)).padEnd(20, "-")}] ${Math.floor(fraction * 100)}%`
    : "";
  const sizes = `${mb(downloadedBytes)}${totalBytes ? `/${mb(totalBytes)}` : ""} MB`;
  return {
    progress: `downloading ${name}${bar} ${sizes}`,
    started: `downloading ${name}${totalBytes ? ` (${mb(totalBytes)} MB)` : ""}…`,
    finished: `downloaded ${name}`,
    done: totalBytes !== undefined && downloadedBytes >= totalBytes,
  };
}
