import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkModelRequests } from "./check-model-requests.js";
import type { Contender } from "./contender.js";
import { floorToolCount } from "./floor-contender.js";
import { measureRun, type RunMeasurement } from "./measure-run.js";
import { median } from "./median.js";
import { readRequestsLog, startModelServerProcess } from "./model-server-process.js";
import type { ContenderResult, ScenarioResult } from "./results.js";
import { roundOrder } from "./round-order.js";
import type { Scenario } from "./scenarios.js";

/** How one scenario is run. */
export interface ScenarioRunOptions {
  contenders: Contender[];
  warmupRuns: number;
  /** Measured runs of each contender (rounds after the warm-up). */
  measuredRuns: number;
  fixtureServerPath: string;
  /** Progress lines go here. */
  log: (line: string) => void;
}

interface Outcome {
  run: RunMeasurement;
  problem: string | undefined;
}

async function runOnce(
  scenario: Scenario,
  contender: Contender,
  options: ScenarioRunOptions,
  validate: { minTools: number } | undefined,
): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), `tinyloop-bench-${contender.id}-`));
  try {
    const script = contender.script(scenario);
    let model: Awaited<ReturnType<typeof startModelServerProcess>> | undefined;
    const logPath = join(dir, "requests.jsonl");
    if (script) {
      const scriptPath = join(dir, "script.json");
      writeFileSync(scriptPath, JSON.stringify(script));
      model = await startModelServerProcess(scriptPath, validate ? logPath : undefined);
    }
    let run: RunMeasurement;
    try {
      run = await measureRun((marker) =>
        contender.prepare(scenario, {
          dir,
          marker,
          modelUrl: model?.url ?? "",
          fixtureServerPath: options.fixtureServerPath,
        }),
      );
    } finally {
      await model?.stop();
    }
    let problem = run.timedOut ? "timed out" : contender.check(scenario, run);
    if (!problem && validate && script) {
      const turns = Array.isArray(script) ? script.length : script.turns.length;
      problem = checkModelRequests(scenario, readRequestsLog(logPath), {
        requests: turns,
        minTools: validate.minTools,
      });
    }
    return { run, problem };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs every contender on one scenario: warm-up runs first (the first one also checks the
 * model's request log), then the measured runs, in rounds: each contender runs once per
 * round, in an order that shifts by one each round (see round-order.ts), so that background
 * load on the machine falls on all of them alike.
 */
export async function runScenario(
  scenario: Scenario,
  options: ScenarioRunOptions,
): Promise<ScenarioResult> {
  const results = new Map<string, ContenderResult>();
  for (const contender of options.contenders) {
    const reason = contender.unsupported(scenario);
    results.set(contender.id, {
      contender: contender.id,
      label: contender.label,
      status: reason ? "n/a" : "ok",
      ...(reason ? { reason } : {}),
      wallMs: [],
      peakRssBytes: [],
      clientPeakRssBytes: [],
      clientCpuMs: [],
      peakProcesses: 0,
      runsWithLeftovers: 0,
      leftoverCommands: [],
    });
  }
  let minTools = 0;
  const total = options.warmupRuns + options.measuredRuns;
  for (let iteration = 0; iteration < total; iteration++) {
    const warmup = iteration < options.warmupRuns;
    for (const contender of roundOrder(options.contenders, iteration)) {
      const result = results.get(contender.id)!;
      if (result.status !== "ok") continue;
      const validate = iteration === 0 ? { minTools } : undefined;
      const { run, problem } = await runOnce(scenario, contender, options, validate);
      if (contender.id === "floor" && iteration === 0) minTools = floorToolCount(run.stdout) ?? 0;
      if (run.leftovers.length > 0) {
        result.runsWithLeftovers += 1;
        for (const proc of run.leftovers) {
          if (result.leftoverCommands.length < 5) result.leftoverCommands.push(proc.command);
        }
      }
      result.peakProcesses = Math.max(result.peakProcesses, run.peakProcesses);
      const label = warmup ? "warm-up" : `run ${iteration - options.warmupRuns + 1}`;
      options.log(
        `${scenario.id} · ${contender.id} · ${label}: ${Math.round(run.wallMs)} ms, ${(run.peakRssBytes / 1048576).toFixed(0)} MiB, ${run.peakProcesses} processes, client CPU ${Math.round(run.clientCpuMs)} ms${run.leftovers.length ? `, ${run.leftovers.length} LEFT RUNNING` : ""}${problem ? ` — FAILED: ${problem}` : ""}`,
      );
      if (problem) {
        result.status = "failed";
        result.reason = problem.split("\n")[0]?.slice(0, 160) ?? problem;
        continue;
      }
      if (!warmup) {
        result.wallMs.push(run.wallMs);
        result.peakRssBytes.push(run.peakRssBytes);
        result.clientPeakRssBytes.push(run.clientPeakRssBytes);
        result.clientCpuMs.push(run.clientCpuMs);
      }
    }
  }
  for (const result of results.values()) {
    if (result.status === "ok" && result.wallMs.length > 0) {
      result.medianWallMs = median(result.wallMs);
      result.medianPeakRssBytes = median(result.peakRssBytes);
      result.medianClientPeakRssBytes = median(result.clientPeakRssBytes);
      result.medianClientCpuMs = median(result.clientCpuMs);
    }
  }
  return {
    id: scenario.id,
    title: scenario.title,
    shows: scenario.shows,
    target: scenario.target,
    measuredRuns: options.measuredRuns,
    contenders: [...results.values()],
  };
}
