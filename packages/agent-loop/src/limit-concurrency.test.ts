import { describe, expect, it } from "vitest";
import { limitConcurrency } from "./limit-concurrency.js";

describe("limitConcurrency", () => {
  it("never runs more than the limit at once and runs waiting tasks in order", async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) =>
      limit(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running--;
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5].map(task));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it("frees the slot when a task throws", async () => {
    const limit = limitConcurrency(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit(async () => "next")).resolves.toBe("next");
  });
});
