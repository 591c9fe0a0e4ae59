import { describe, expect, it } from "vitest";
import { RunSlots } from "./run-slots.js";

describe("RunSlots", () => {
  it("runs at most `size` at once and starts a waiting run as soon as one ends, also a failed one", async () => {
    const slots = new RunSlots(2);
    const finishers: Array<(fail: boolean) => void> = [];
    const started: number[] = [];
    const runs = [0, 1, 2, 3].map((n) =>
      slots
        .run(
          () =>
            new Promise<number>((resolve, reject) => {
              started.push(n);
              finishers[n] = (fail) => (fail ? reject(new Error(`run ${n}`)) : resolve(n));
            }),
        )
        .catch((error: Error) => error.message),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    finishers[1]?.(true);
    expect(await runs[1]).toBe("run 1");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    finishers[0]?.(false);
    finishers[2]?.(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
    finishers[3]?.(false);
    expect(await Promise.all(runs)).toEqual([0, "run 1", 2, 3]);
  });
});
