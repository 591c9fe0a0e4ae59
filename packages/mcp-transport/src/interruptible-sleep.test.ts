import { describe, expect, it } from "vitest";
import { InterruptibleSleep } from "./interruptible-sleep.js";

describe("InterruptibleSleep", () => {
  it("resolves after the delay", async () => {
    const sleeper = new InterruptibleSleep();
    let done = false;
    const pending = sleeper.sleep(20).then(() => {
      done = true;
    });
    expect(done).toBe(false);
    await pending;
    expect(done).toBe(true);
  });

  it("ends a pending sleep and every later one when interrupted", async () => {
    const sleeper = new InterruptibleSleep();
    const order: string[] = [];
    const long = sleeper.sleep(600_000).then(() => order.push("pending"));
    sleeper.interrupt();
    await long;
    await sleeper.sleep(600_000).then(() => order.push("later"));
    expect(order).toEqual(["pending", "later"]);
  });
});
