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

  it("detaches from the signal when the last watcher stops", () => {
    const controller = new AbortController();
    let called = false;
    const stopA = watchAbort(controller.signal, () => {
      called = true;
    });
    const stopB = watchAbort(controller.signal, () => {
      called = true;
    });
    stopA();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    stopB();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    controller.abort();
    expect(called).toBe(false);
  });

  it("attaches again after the set of watchers was emptied", () => {
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
