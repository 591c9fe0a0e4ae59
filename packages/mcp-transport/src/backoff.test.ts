import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.js";

describe("backoffDelay", () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1_000 };

  it("doubles per attempt and stays between half and all of the ceiling", () => {
    expect(backoffDelay(0, policy, () => 0)).toBe(50);
    expect(backoffDelay(0, policy, () => 1)).toBe(100);
    expect(backoffDelay(2, policy, () => 0)).toBe(200);
    expect(backoffDelay(2, policy, () => 1)).toBe(400);
  });

  it("never exceeds maxDelayMs", () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      expect(backoffDelay(attempt, policy)).toBeLessThanOrEqual(1_000);
    }
  });

  it("spreads delays (jitter)", () => {
    const seen = new Set(Array.from({ length: 20 }, () => backoffDelay(3, policy)));
    expect(seen.size).toBeGreaterThan(1);
  });
});
