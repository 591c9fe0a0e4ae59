import { describe, expect, it } from "vitest";
import { compactCount, formatDuration } from "./compact-count.js";

describe("numbers at a glance", () => {
  it("formats durations", () => {
    expect(formatDuration(14.2)).toBe("14ms");
    expect(formatDuration(1234)).toBe("1.2s");
  });
  it("counts in thousands past 999", () => {
    expect(compactCount(840)).toBe("840");
    expect(compactCount(1200)).toBe("1.2k");
    expect(compactCount(2000)).toBe("2k");
    expect(compactCount(35_400)).toBe("35k");
  });
});
