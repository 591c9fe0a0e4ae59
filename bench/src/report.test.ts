import { describe, expect, it } from "vitest";
import { contenderResult, wallScenarioResult } from "./__fixtures__/scenario-results.js";
import { roundsLine, runsText } from "./report.js";
import type { BenchResults, ScenarioResult } from "./results.js";

function results(scenarios: ScenarioResult[], measuredRuns = 5): BenchResults {
  return {
    date: "",
    machine: { cpus: 2, cpuModel: "x", memoryGiB: 24, node: "20", platform: "linux" },
    loadAverage: { start: 0, end: 0 },
    settledLoad: { before: 0, after: 0, waitedSeconds: 0, settled: true },
    warmupRuns: 1,
    measuredRuns,
    leftoverGraceMs: 1000,
    notes: [],
    scenarios,
  };
}

function scenario(id: string, measuredRuns: number, walls: Record<string, number[]> = {}) {
  const contenders = Object.entries(walls).map(([name, wallMs]) =>
    contenderResult(name, { wallMs }),
  );
  return { ...wallScenarioResult(contenders), id, measuredRuns };
}

describe("runsText", () => {
  it("names the count once when every scenario took it", () => {
    expect(runsText(results([scenario("a", 11)]))).toBe("11 runs");
    expect(runsText(results([scenario("a", 5), scenario("b", 5)]))).toBe("5 runs");
  });

  it("names the scenarios that took their own count", () => {
    expect(runsText(results([scenario("a", 5), scenario("b", 11)]))).toBe("5 runs (11 in b)");
  });
});

describe("roundsLine", () => {
  it("counts the rounds tinyloop won in each wall scenario", () => {
    const line = roundsLine(
      results([
        scenario("a", 2, { tinyloop: [1, 3], "ai-sdk": [2, 2] }),
        scenario("b", 2, { tinyloop: [1, 1], "tiny-agents": [2, 2] }),
      ]),
    );
    expect(line).toContain("a 1 of 2, b 2 of 2.");
  });

  it("is empty when no scenario has rounds to compare", () => {
    expect(roundsLine(results([scenario("a", 2, { tinyloop: [1] })]))).toBe("");
  });
});
