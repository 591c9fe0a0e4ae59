import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { watchAbort } from "./abort-watch.js";

describe("watchAbort", () => {
  it("calls every watcher once when the signal aborts, through a single listener", () => {
    const controller = new AbortController();
    const calls: number[] = [];
    for (let i = 0; i < 50; i++) watchAbort(controller.signal, () => calls.push(i));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort();
    controller.abort();
    expect(calls).toHaveLength(50);
  });

  it("keeps a single listener however many calls come and go, and skips stopped ones", () => {
    const controller = new AbortController();
    const called: string[] = [];
    for (let i = 0; i < 20; i++) watchAbort(controller.signal, () => called.push("stale"))();
    const stop = watchAbort(controller.signal, () => called.push("stopped"));
    watchAbort(controller.signal, () => called.push("live"));
    stop();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort();
    expect(called).toEqual(["live"]);
  });

  it("still fires after every earlier watcher stopped", () => {
    const controller = new AbortController();
    watchAbort(controller.signal, () => {})();
    let called = false;
    watchAbort(controller.signal, () => {
      called = true;
    });
    controller.abort();
    expect(called).toBe(true);
  });
});
