import type { ScenarioTarget } from "./scenarios.js";
import type { SettledLoad } from "./settle-load.js";

/** One contender's figures in one scenario. */
export interface ContenderResult {
  contender: string;
  label: string;
  /** `ok`: all runs passed their checks; `n/a`: the contender cannot run it; `failed`: a run failed. */
  status: "ok" | "n/a" | "failed";
  /** Why the contender is n/a or failed. */
  reason?: string;
  /** Wall times of the measured runs (warm-up excluded), in milliseconds. */
  wallMs: number[];
  /** Peak RSS of the whole process tree per measured run, in bytes. */
  peakRssBytes: number[];
  /** Peak RSS of the contender's own process (servers not included) per measured run, in bytes. */
  clientPeakRssBytes: number[];
  /** CPU time (user + system) of the contender's own process per measured run, in ms. */
  clientCpuMs: number[];
  medianWallMs?: number;
  medianClientCpuMs?: number;
  medianPeakRssBytes?: number;
  medianClientPeakRssBytes?: number;
  /** Most processes alive in the tree at once. */
  peakProcesses: number;
  /** Runs (warm-up included) after which marked processes were still alive. */
  runsWithLeftovers: number;
  /** Commands of the first few processes left behind. */
  leftoverCommands: string[];
}

/** One scenario's results. */
export interface ScenarioResult {
  id: string;
  title: string;
  shows: string;
  target: ScenarioTarget;
  /** Measured runs of each contender (the scenario's own count, or `--runs`). */
  measuredRuns: number;
  contenders: ContenderResult[];
}

/** What `bench/results.json` holds. */
export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  /** The machine's 1-minute load average when the suite started and ended (busy if above cpus). */
  loadAverage: { start: number; end: number };
  /** The wait for the load to fall before measuring (`--settle`). */
  settledLoad: SettledLoad;
  warmupRuns: number;
  /** Measured runs of a scenario that sets no count of its own (`--runs`, default 5). */
  measuredRuns: number;
  leftoverGraceMs: number;
  notes: string[];
  scenarios: ScenarioResult[];
}
