import { describe, expect, it } from "vitest";
import { settleLoad } from "./settle-load.js";

function readings(...loads: number[]) {
  let index = 0;
  return () => loads[Math.min(index++, loads.length - 1)] ?? 0;
}

describe("settleLoad", () => {
  it("does not wait on a quiet machine", async () => {
    const waits: number[] = [];
    const result = await settleLoad({
      maxWaitMs: 60_000,
      ceiling: 2,
      readLoad: readings(0.5),
      wait: async (ms) => waits.push(ms),
    });
    expect(waits).toEqual([]);
    expect(result).toEqual({ before: 0.5, after: 0.5, waitedSeconds: 0, settled: true });
  });

  it("waits until the load falls to the ceiling", async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    const result = await settleLoad({
      maxWaitMs: 60_000,
      ceiling: 2,
      pollMs: 5_000,
      readLoad: readings(14, 9, 4, 1.9, 0.2),
      wait: async (ms) => waits.push(ms),
      onWait: (load) => seen.push(load),
    });
    expect(waits).toEqual([5_000, 5_000, 5_000]);
    expect(seen).toEqual([14, 9, 4]);
    expect(result).toEqual({ before: 14, after: 1.9, waitedSeconds: 15, settled: true });
  });

  it("gives up after the longest wait and says the load did not settle", async () => {
    const waits: number[] = [];
    const result = await settleLoad({
      maxWaitMs: 12_000,
      ceiling: 2,
      pollMs: 5_000,
      readLoad: readings(20),
      wait: async (ms) => waits.push(ms),
    });
    expect(waits).toEqual([5_000, 5_000, 2_000]);
    expect(result).toEqual({ before: 20, after: 20, waitedSeconds: 12, settled: false });
  });

  it("waits not at all with a longest wait of 0", async () => {
    const result = await settleLoad({ maxWaitMs: 0, ceiling: 2, readLoad: readings(20) });
    expect(result.settled).toBe(false);
    expect(result.waitedSeconds).toBe(0);
  });
});
