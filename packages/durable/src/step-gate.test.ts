import { describe, expect, it } from "vitest";
import { StepGate } from "./step-gate.js";

describe("StepGate", () => {
  it("waits for started steps on drain and starts none after it", async () => {
    const gate = new StepGate();
    let finish = () => {};
    const first = gate.pass(() => new Promise<string>((resolve) => (finish = () => resolve("a"))));
    let drained = false;
    const draining = gate.drain().then(() => {
      drained = true;
    });
    let laterRan = false;
    void gate.pass(async () => {
      laterRan = true;
    });
    await Promise.resolve();
    expect(drained).toBe(false);
    finish();
    expect(await first).toBe("a");
    await draining;
    expect(drained).toBe(true);
    expect(laterRan).toBe(false);
  });
});
