import { describe, expect, it } from "vitest";
import { msFromSeconds, wholeMs } from "./timeout-units.js";

describe("timeout units", () => {
  it("converts seconds exactly, without binary float noise", () => {
    expect(msFromSeconds(1.1)).toBe(1100);
    expect(msFromSeconds(90.5)).toBe(90_500);
    expect(msFromSeconds(0.001)).toBe(1);
    expect(msFromSeconds(300)).toBe(300_000);
  });

  it("keeps milliseconds as written, made whole", () => {
    expect(wholeMs(30_000)).toBe(30_000);
    expect(wholeMs(2500.4)).toBe(2500);
  });

  it("leaves a timeout the file does not set unset, in either unit", () => {
    expect(msFromSeconds(undefined)).toBeUndefined();
    expect(wholeMs(undefined)).toBeUndefined();
  });
});
