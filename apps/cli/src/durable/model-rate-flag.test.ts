import { describe, expect, it } from "vitest";
import { modelRateFlag } from "./model-rate-flag.js";

describe("modelRateFlag", () => {
  it("reads N/PERIOD with a unit and an optional count", () => {
    expect(modelRateFlag("60/m")).toEqual({ limit: 60, periodSec: 60 });
    expect(modelRateFlag("10/s")).toEqual({ limit: 10, periodSec: 1 });
    expect(modelRateFlag("500/5m")).toEqual({ limit: 500, periodSec: 300 });
    expect(modelRateFlag("3/1500ms")).toEqual({ limit: 3, periodSec: 1.5 });
    expect(modelRateFlag("1000/h")).toEqual({ limit: 1000, periodSec: 3600 });
  });

  it("refuses anything else, showing the right forms", () => {
    for (const bad of ["60", "60/min", "0/s", "x/s", "5/0s", "-1/s"]) {
      expect(() => modelRateFlag(bad)).toThrow(
        `expected requests per period as N/PERIOD, such as 60/m, 10/s or 500/5m, got "${bad}"`,
      );
    }
  });
});
