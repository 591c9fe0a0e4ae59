import type { BatchCounts } from "@tinyloop/durable";

/**
 * One progress line of a batch's `progress` event: `done 40/100 · running 6 · failed 1 · 2.5
 * runs/s · ETA 24 s`. The rate counts the runs finished here (not those already done before).
 */
export function batchProgressLine(
  counts: BatchCounts,
  finishedHere: number,
  elapsedMs: number,
): string {
  const rate = elapsedMs > 0 ? (finishedHere * 1000) / elapsedMs : 0;
  const left = counts.total - counts.done - counts.failed;
  const eta = rate > 0 && left > 0 ? ` · ETA ${Math.ceil(left / rate)} s` : "";
  return `done ${counts.done}/${counts.total} · running ${counts.running} · failed ${counts.failed} · ${rate.toFixed(1)} runs/s${eta}`;
}
