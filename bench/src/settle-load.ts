import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** What {@link settleLoad} found. */
export interface SettledLoad {
  /** The 1-minute load average when the wait began. */
  before: number;
  /** The 1-minute load average when measuring may start. */
  after: number;
  /** How long it waited, in seconds. */
  waitedSeconds: number;
  /** True when the load fell to `ceiling` or below within the time allowed. */
  settled: boolean;
}

/** How {@link settleLoad} reads the load and waits; the defaults are the machine's. */
export interface SettleLoadOptions {
  /** Longest wait in milliseconds; 0 does not wait. */
  maxWaitMs: number;
  /** Measuring starts once the 1-minute load average is at most this. Default: the core count. */
  ceiling?: number;
  /** Milliseconds between two readings. Default 5 000. */
  pollMs?: number;
  readLoad?: () => number;
  wait?: (ms: number) => Promise<unknown>;
  /** Told about the wait while it lasts. */
  onWait?: (load: number, waitedSeconds: number) => void;
}

/**
 * Waits, up to `maxWaitMs`, until the machine's 1-minute load average is at most the core
 * count. `pnpm bench` runs the packages' benchmarks first and leaves the load far above it
 * (over 20 on 2 cores); a wall-time comparison started then measures that load's decay as
 * much as the contenders. The wait delays the measuring; it changes none of it.
 */
export async function settleLoad(options: SettleLoadOptions): Promise<SettledLoad> {
  const {
    maxWaitMs,
    ceiling = cpus().length,
    pollMs = 5_000,
    readLoad = () => loadavg()[0] ?? 0,
    wait = sleep,
    onWait,
  } = options;
  const before = readLoad();
  let load = before;
  let waitedMs = 0;
  while (load > ceiling && waitedMs < maxWaitMs) {
    const step = Math.min(pollMs, maxWaitMs - waitedMs);
    onWait?.(load, waitedMs / 1000);
    await wait(step);
    waitedMs += step;
    load = readLoad();
  }
  return { before, after: load, waitedSeconds: waitedMs / 1000, settled: load <= ceiling };
}
