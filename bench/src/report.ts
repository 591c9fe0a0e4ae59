import type { BenchResults, ContenderResult, ScenarioResult } from "./results.js";

const CONTENDER_ORDER = ["floor", "loop-floor", "tinyloop", "tiny-agents"];

function formatMs(ms: number): string {
  return ms >= 1_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

type Metric = "wall" | "rss" | "cpu";

function metricOf(result: ContenderResult, metric: Metric): number | undefined {
  if (metric === "cpu") return result.medianClientCpuMs;
  return metric === "wall" ? result.medianWallMs : result.medianPeakRssBytes;
}

function cell(result: ContenderResult | undefined, metric: Metric): string {
  if (!result) return "–";
  if (result.status === "n/a") return `n/a (${result.reason})`;
  if (result.status === "failed") return `failed: ${result.reason}`;
  const value = metricOf(result, metric);
  if (value === undefined) return "–";
  return metric === "rss" ? formatMiB(value) : formatMs(value);
}

function ratio(
  result: ContenderResult | undefined,
  floor: ContenderResult | undefined,
  metric: Metric,
): number | undefined {
  if (result?.status !== "ok" || floor?.status !== "ok") return undefined;
  const value = metricOf(result, metric);
  const base = metricOf(floor, metric);
  return value !== undefined && base ? value / base : undefined;
}

function byId(scenario: ScenarioResult, id: string): ContenderResult | undefined {
  return scenario.contenders.find((result) => result.contender === id);
}

/** Whether tinyloop met the scenario's target: true, false, or undefined (no figure). */
export function targetMet(scenario: ScenarioResult): boolean | undefined {
  const { metric, maxRatio } = scenario.target;
  const value = ratio(byId(scenario, "tinyloop"), byId(scenario, "floor"), metric);
  return value === undefined || maxRatio === undefined ? undefined : value <= maxRatio;
}

function leftovers(result: ContenderResult | undefined): string {
  if (!result || result.status === "n/a") return "–";
  if (result.runsWithLeftovers === 0) return "none";
  return `${result.runsWithLeftovers} run(s): ${result.leftoverCommands.slice(0, 2).join("; ")}`;
}

/** The summary table: each scenario's target metric, medians, ratios to the floors, target. */
export function summaryTable(results: BenchResults): string {
  const lines = [
    "| scenario (what it shows) | metric | floor | loop floor | tinyloop | tiny-agents | tinyloop ÷ floor | tinyloop ÷ loop floor | tiny-agents ÷ floor | target (tinyloop ÷ floor) | met |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const scenario of results.scenarios) {
    const { metric, maxRatio } = scenario.target;
    const floor = byId(scenario, "floor");
    const loopFloor = byId(scenario, "loop-floor");
    const tinyloop = byId(scenario, "tinyloop");
    const tinyAgents = byId(scenario, "tiny-agents");
    const show = (value: number | undefined) =>
      value === undefined ? "–" : `${value.toFixed(2)}×`;
    const met = targetMet(scenario);
    const cells = [
      `${scenario.title} (${scenario.shows})`,
      metric === "wall" ? "wall" : "peak RSS of tree",
      cell(floor, metric),
      cell(loopFloor, metric),
      cell(tinyloop, metric),
      cell(tinyAgents, metric),
      show(ratio(tinyloop, floor, metric)),
      show(ratio(tinyloop, loopFloor, metric)),
      show(ratio(tinyAgents, floor, metric)),
      maxRatio === undefined ? "(reference)" : `≤ ${maxRatio.toFixed(2)}×`,
      met === undefined ? "–" : met ? "yes" : "**no**",
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/**
 * CPU time of each contender's own process (not its servers): the work the runner itself
 * does, which background load on the machine barely changes, unlike wall time.
 */
export function clientCpuTable(results: BenchResults): string {
  const lines = [
    "| scenario | floor | loop floor | tinyloop | tiny-agents | tinyloop ÷ floor | tinyloop ÷ loop floor | tiny-agents ÷ floor |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const show = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(2)}×`);
  for (const scenario of results.scenarios) {
    const floor = byId(scenario, "floor");
    const loopFloor = byId(scenario, "loop-floor");
    const tinyloop = byId(scenario, "tinyloop");
    const tinyAgents = byId(scenario, "tiny-agents");
    const cells = [
      scenario.title,
      cell(floor, "cpu"),
      cell(loopFloor, "cpu"),
      cell(tinyloop, "cpu"),
      cell(tinyAgents, "cpu"),
      show(ratio(tinyloop, floor, "cpu")),
      show(ratio(tinyloop, loopFloor, "cpu")),
      show(ratio(tinyAgents, floor, "cpu")),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Every figure: wall and memory medians, spread, process counts, processes left behind. */
export function detailTable(results: BenchResults): string {
  const lines = [
    "| scenario | contender | wall median | wall min–max | client CPU median | peak RSS median | peak processes | left running after exit |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const scenario of results.scenarios) {
    for (const id of CONTENDER_ORDER) {
      const result = byId(scenario, id);
      if (!result) continue;
      const spread =
        result.wallMs.length > 0
          ? `${formatMs(Math.min(...result.wallMs))}–${formatMs(Math.max(...result.wallMs))}`
          : "–";
      lines.push(
        `| ${scenario.id} | ${result.label} | ${cell(result, "wall")} | ${spread} | ${cell(result, "cpu")} | ${cell(result, "rss")} | ${result.peakProcesses || "–"} | ${leftovers(result)} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The whole markdown report. */
export function markdownReport(results: BenchResults): string {
  const { machine } = results;
  return [
    `End-to-end benchmark, ${results.date}: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}. Medians of ${results.measuredRuns} runs after ${results.warmupRuns} warm-up run (checked against the model's request log). Load average (1 min) ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end.`,
    "",
    summaryTable(results),
    "",
    "Client CPU (user + system time of the contender's own process, servers not included), median:",
    "",
    clientCpuTable(results),
    "",
    detailTable(results),
    "",
    ...results.notes.map((note) => `- ${note}`),
  ].join("\n");
}
