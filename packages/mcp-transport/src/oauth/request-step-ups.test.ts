import { describe, expect, it } from "vitest";
import { RequestStepUps } from "./request-step-ups.js";

describe("RequestStepUps", () => {
  it("keys each step-up to the request it began in, and ends it with that request", async () => {
    const stepUps = new RequestStepUps();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = stepUps.run(async () => {
      stepUps.begin("mcp:read");
      await held;
      return stepUps.current();
    });
    const seen = await stepUps.run(async () => ({
      own: stepUps.current(),
      others: stepUps.othersUnderWay(),
      scopes: stepUps.scopes(),
    }));
    expect(seen).toEqual({ own: undefined, others: true, scopes: ["mcp:read"] });
    release();
    expect(await first).toEqual({ scope: "mcp:read" });
    // The request ended, and its step-up with it, though nothing ended it explicitly.
    expect(stepUps.underWay).toBe(false);
  });

  it("a request waiting on another's step-up goes on once new tokens end it", async () => {
    const stepUps = new RequestStepUps();
    let begun = () => {};
    const started = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const first = stepUps.run(async () => {
      stepUps.begin(undefined);
      begun();
      await new Promise((resolve) => setTimeout(resolve, 20));
      stepUps.endAll();
    });
    await started;
    await stepUps.run(() => stepUps.othersSettled());
    expect(stepUps.underWay).toBe(false);
    await first;
  });

  it("a step-up begun outside any request is the connection's until ended", () => {
    const stepUps = new RequestStepUps();
    stepUps.begin("mcp");
    expect(stepUps.current()).toEqual({ scope: "mcp" });
    stepUps.end();
    expect(stepUps.underWay).toBe(false);
  });
});
