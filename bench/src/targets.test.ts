import { describe, expect, it } from "vitest";
import { contenderResult, wallScenarioResult } from "./__fixtures__/scenario-results.js";
import type { ScenarioResult } from "./results.js";
import { cpuVerdicts, scenarioVerdicts } from "./targets.js";

const MiB = 1024 * 1024;

const result = contenderResult;

function wallScenario(walls: Record<string, number | "failed">): ScenarioResult {
  return wallScenarioResult(
    Object.entries(walls).map(([id, wall]) =>
      wall === "failed"
        ? result(id, { status: "failed", reason: "exit code 1" })
        : result(id, { medianWallMs: wall }),
    ),
  );
}

describe("scenarioVerdicts", () => {
  it("meets the wall targets only within 1.05× the loop floor and ahead of every peer", () => {
    const [ratio, fastest] = scenarioVerdicts(
      wallScenario({ "loop-floor": 1000, tinyloop: 1040, "tiny-agents": 1100, "ai-sdk": 1050 }),
    );
    expect(ratio).toMatchObject({ measured: "1.04×", met: true });
    expect(fastest).toMatchObject({ measured: "0.99× the fastest", met: true });
  });

  it("misses when a peer is faster, and when tinyloop is over the ratio", () => {
    const [ratio, fastest] = scenarioVerdicts(
      wallScenario({ "loop-floor": 1000, tinyloop: 1100, "openai-agents": 1090 }),
    );
    expect(ratio?.met).toBe(false);
    expect(fastest?.met).toBe(false);
  });

  it("does not count a peer that failed its checks as beaten", () => {
    const [, fastest] = scenarioVerdicts(
      wallScenario({ "loop-floor": 1000, tinyloop: 1000, "tiny-agents": "failed" }),
    );
    expect(fastest?.met).toBeUndefined();
  });

  it("holds the memory scenario to tinyloop's own RSS over the floor's", () => {
    const scenario: ScenarioResult = {
      id: "idle-10",
      title: "t",
      shows: "s",
      target: { metric: "rss", maxClientRssOverFloorMiB: 25 },
      measuredRuns: 1,
      contenders: [
        result("floor", { medianClientPeakRssBytes: 70 * MiB }),
        result("tinyloop", { medianClientPeakRssBytes: 100 * MiB }),
      ],
    };
    expect(scenarioVerdicts(scenario)).toEqual([
      { what: "own RSS ≤ floor's + 25 MiB", measured: "+30 MiB", met: false },
    ]);
  });
});

/** A scenario whose contenders have only a client CPU median. */
function cpuScenario(id: string, figures: Record<string, number>): ScenarioResult {
  return {
    ...wallScenario({}),
    id,
    contenders: Object.entries(figures).map(([contender, ms]) =>
      result(contender, { medianClientCpuMs: ms }),
    ),
  };
}

/** The verdicts of a suite of these scenarios. */
function cpuVerdictsOf(...scenarios: ScenarioResult[]) {
  return cpuVerdicts({
    date: "",
    machine: { cpus: 2, cpuModel: "x", memoryGiB: 24, node: "20", platform: "linux" },
    loadAverage: { start: 0, end: 0 },
    settledLoad: { before: 0, after: 0, waitedSeconds: 0, settled: true },
    warmupRuns: 1,
    measuredRuns: 1,
    leftoverGraceMs: 1000,
    notes: [],
    scenarios,
  });
}

describe("cpuVerdicts", () => {
  it("compares one-turn CPU and per-turn CPU (echo-200 minus startup-1, over 200) with the loop floor", () => {
    const verdicts = cpuVerdictsOf(
      cpuScenario("startup-1", { "loop-floor": 300, tinyloop: 330 }),
      cpuScenario("echo-200", { "loop-floor": 700, tinyloop: 800 }),
    );
    // one turn 330/300 = 1.10; per turn (800-330)/200 = 2.35 ms vs (700-300)/200 = 2 ms → 1.18
    expect(verdicts.map((verdict) => [verdict.measured, verdict.met])).toEqual([
      ["1.10×", true],
      ["1.18×", false],
    ]);
  });

  it("with tinyloop-otlp, holds its per-turn CPU to 1.05× tinyloop's (issue 30)", () => {
    const suite = (otlpEcho: number) =>
      cpuVerdictsOf(
        cpuScenario("startup-1", { "loop-floor": 300, tinyloop: 300, "tinyloop-otlp": 420 }),
        cpuScenario("echo-200", { "loop-floor": 700, tinyloop: 700, "tinyloop-otlp": otlpEcho }),
      ).at(-1);
    // the SDK's load is start-up, not per turn: (820-420)/200 = 2 ms against (700-300)/200 = 2 ms
    expect(suite(820)).toMatchObject({
      what: "per-turn client CPU with --otlp ≤ 1.05× without",
      measured: "1.00×",
      met: true,
    });
    // (860-420)/200 = 2.2 ms → 1.10×
    expect(suite(860)).toMatchObject({ measured: "1.10×", met: false });
  });
});
