import { describe, expect, it } from "vitest";
import { ABORTED, untilAborted } from "./until-aborted.js";

describe("untilAborted", () => {
  it("resolves to the promise's value, or passes its rejection on, while not aborted", async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve(7), signal)).resolves.toBe(7);
    await expect(untilAborted(Promise.reject(new Error("boom")), signal)).rejects.toThrow("boom");
  });

  it("resolves to ABORTED as soon as the signal aborts, without waiting for the promise", async () => {
    const controller = new AbortController();
    const never = new Promise<number>(() => {});
    const waiting = untilAborted(never, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBe(ABORTED);
  });

  it("resolves to ABORTED at once for a signal that already aborted, and swallows a late rejection", async () => {
    let reject!: (error: Error) => void;
    const late = new Promise<number>((_resolve, rejectLate) => {
      reject = rejectLate;
    });
    await expect(untilAborted(late, AbortSignal.abort())).resolves.toBe(ABORTED);
    reject(new Error("too late")); // would be an unhandled rejection if nobody caught it
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("wakes every wait on a signal when it aborts, and a settled wait no longer holds on", async () => {
    const controller = new AbortController();
    const done = untilAborted(Promise.resolve("early"), controller.signal);
    await expect(done).resolves.toBe("early");
    const waits = [1, 2, 3].map((n) =>
      untilAborted(new Promise<number>(() => {}), controller.signal).then((value) => [n, value]),
    );
    controller.abort();
    await expect(Promise.all(waits)).resolves.toEqual([
      [1, ABORTED],
      [2, ABORTED],
      [3, ABORTED],
    ]);
    // After the abort, new waits answer at once.
    await expect(untilAborted(new Promise(() => {}), controller.signal)).resolves.toBe(ABORTED);
  });
});
