import { describe, expect, it } from "vitest";
import { batchProgressLine } from "./batch-progress.js";

describe("batchProgressLine", () => {
  it("shows done, running, failed, the rate of this batch and what is left", () => {
    expect(batchProgressLine({ total: 100, done: 40, running: 6, failed: 1 }, 20, 8000)).toBe(
      "done 40/100 · running 6 · failed 1 · 2.5 runs/s · ETA 24 s",
    );
    expect(batchProgressLine({ total: 3, done: 3, running: 0, failed: 0 }, 0, 0)).toBe(
      "done 3/3 · running 0 · failed 0 · 0.0 runs/s",
    );
  });
});
