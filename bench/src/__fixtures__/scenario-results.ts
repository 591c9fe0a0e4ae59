import type { ContenderResult, ScenarioResult } from "../results.js";

/** A contender's result with the given figures, `ok` unless they say otherwise. */
export function contenderResult(
  contender: string,
  figures: Partial<ContenderResult>,
): ContenderResult {
  return {
    contender,
    label: contender,
    status: "ok",
    wallMs: [],
    peakRssBytes: [],
    clientPeakRssBytes: [],
    clientCpuMs: [],
    peakProcesses: 1,
    runsWithLeftovers: 0,
    leftoverCommands: [],
    ...figures,
  };
}

/** A wall scenario with the given contenders' results. */
export function wallScenarioResult(contenders: ContenderResult[]): ScenarioResult {
  return {
    id: "startup-1",
    title: "t",
    shows: "s",
    target: { metric: "wall", maxRatioToLoopFloor: 1.05 },
    measuredRuns: 1,
    contenders,
  };
}
