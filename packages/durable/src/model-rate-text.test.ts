import { describe, expect, it } from "vitest";
import { DurableError } from "./durable-error.js";
import { modelRateText, parseModelRate } from "./model-rate-text.js";

describe("parseModelRate", () => {
  it("reads N/PERIOD with a unit and an optional count", () => {
    expect(parseModelRate("60/m")).toEqual({ limit: 60, periodSec: 60 });
    expect(parseModelRate("10/s")).toEqual({ limit: 10, periodSec: 1 });
    expect(parseModelRate("500/5m")).toEqual({ limit: 500, periodSec: 300 });
    expect(parseModelRate("3/1500ms")).toEqual({ limit: 3, periodSec: 1.5 });
    expect(parseModelRate("1000/h")).toEqual({ limit: 1000, periodSec: 3600 });
  });

  it("refuses anything else, showing the right forms", () => {
    for (const bad of ["60", "60/min", "0/s", "x/s", "5/0s", "-1/s"]) {
      let caught: unknown;
      try {
        parseModelRate(bad);
      } catch (error) {
        caught = error;
      }
      expect(DurableError.isInstance(caught) && caught.code).toBe("OPTIONS_INVALID");
      expect((caught as Error).message).toBe(
        `expected requests per period as N/PERIOD, such as 60/m, 10/s or 500/5m, got "${bad}"`,
      );
    }
  });

  it("reads back what modelRateText writes", () => {
    for (const rate of [
      { limit: 60, periodSec: 60 },
      { limit: 3, periodSec: 1.5 },
    ]) {
      expect(parseModelRate(modelRateText(rate))).toEqual(rate);
    }
  });
});
