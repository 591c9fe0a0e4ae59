import { describe, expect, it } from "vitest";
import { fuseAsks } from "./fuse-asks.js";

const scores = (values: number[]) => {
  const score = Float64Array.from(values);
  const slots = values.flatMap((value, slot) => (value > 0 ? [slot] : []));
  return { slots, score, max: Math.max(0, ...values) };
};

describe("fuseAsks", () => {
  it("lifts the best tool of a short ask above tools that only fit the long one", () => {
    // Slot 0 and 1 fit the long ask; slot 2 is the only tool for the short one.
    const whole = scores([10, 9, 4]);
    const fused = fuseAsks(whole, [scores([10, 9, 0]), scores([0, 0, 2])]);
    expect(fused[0]).toBeCloseTo(2);
    expect(fused[2]).toBeCloseTo(1.4);
    expect(fused[2]).toBeGreaterThan(fused[1]! - 0.5);
    expect(fused[1]).toBeCloseTo(0.9 + 0.9);
  });
});
