import type { BenchResults, ContenderResult, ScenarioResult } from "./results.js";
import { roundsWon } from "./rounds-won.js";
import type { SettledLoad } from "./settle-load.js";
import { cpuVerdicts, scenarioVerdicts, type Verdict } from "./targets.js";

const CONTENDER_ORDER = [
  "floor",
  "loop-floor",
  "tinyloop",
  "tinyloop-otlp",
  "tiny-agents",
  "openai-agents",
  "ai-sdk",
];

function formatMs(ms: number): string {
  return ms >= 1_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

type Metric = "wall" | "rss" | "cpu" | "client-rss";

function metricOf(result: ContenderResult, metric: Metric): number | undefined {
  switch (metric) {
    case "cpu":
      return result.medianClientCpuMs;
    case "wall":
      return result.medianWallMs;
    case "rss":
      return result.medianPeakRssBytes;
    case "client-rss":
      return result.medianClientPeakRssBytes;
  }
}

function cell(result: ContenderResult | undefined, metric: Metric): string {
  if (!result) return "–";
  if (result.status === "n/a") return `n/a (${result.reason})`;
  if (result.status === "failed") return `failed: ${result.reason}`;
  const value = metricOf(result, metric);
  if (value === undefined) return "–";
  return metric === "rss" || metric === "client-rss" ? formatMiB(value) : formatMs(value);
}

function ratioCell(
  result: ContenderResult | undefined,
  base: ContenderResult | undefined,
  metric: Metric,
): string {
  if (result?.status !== "ok" || base?.status !== "ok") return "–";
  const value = metricOf(result, metric);
  const baseValue = metricOf(base, metric);
  return value !== undefined && baseValue ? `${(value / baseValue).toFixed(2)}×` : "–";
}

function byId(scenario: ScenarioResult, id: string): ContenderResult | undefined {
  return scenario.contenders.find((result) => result.contender === id);
}

/** The contenders that ran in this suite, in report order, with their labels. */
function presentContenders(results: BenchResults): Array<{ id: string; label: string }> {
  const labels = new Map<string, string>();
  for (const scenario of results.scenarios) {
    for (const result of scenario.contenders) labels.set(result.contender, result.label);
  }
  return CONTENDER_ORDER.filter((id) => labels.has(id)).map((id) => ({
    id,
    label: labels.get(id) ?? id,
  }));
}

function verdictCell(verdicts: Verdict[]): string {
  return verdicts
    .map((verdict) => {
      const mark = verdict.met === undefined ? "–" : verdict.met ? "yes" : "**no**";
      return `${verdict.what}: ${verdict.measured} ${mark}`;
    })
    .join("; ");
}

/** Whether tinyloop met every target of the scenario: true, false, or undefined (a figure is missing). */
export function targetMet(scenario: ScenarioResult): boolean | undefined {
  const verdicts = scenarioVerdicts(scenario);
  if (verdicts.some((verdict) => verdict.met === false)) return false;
  return verdicts.every((verdict) => verdict.met === true) ? true : undefined;
}

/**
 * One row per scenario: the scenario's metric for every contender (wall, or for the memory
 * scenario the peak RSS of the whole tree), each one ÷ the loop floor, and tinyloop's targets.
 */
export function summaryTable(results: BenchResults): string {
  const contenders = presentContenders(results);
  const others = contenders.filter((entry) => entry.id !== "loop-floor");
  const lines = [
    `| scenario (what it shows) | metric | ${contenders.map((entry) => entry.id).join(" | ")} | ${others.map((entry) => `${entry.id} ÷ loop floor`).join(" | ")} | tinyloop's targets |`,
    `|---|---|${contenders.map(() => "---|").join("")}${others.map(() => "---|").join("")}---|`,
  ];
  for (const scenario of results.scenarios) {
    const metric: Metric = scenario.target.metric === "wall" ? "wall" : "rss";
    const loopFloor = byId(scenario, "loop-floor");
    const cells = [
      `${scenario.title} (${scenario.shows})`,
      metric === "wall" ? "wall" : "peak RSS of tree",
      ...contenders.map((entry) => cell(byId(scenario, entry.id), metric)),
      ...others.map((entry) => ratioCell(byId(scenario, entry.id), loopFloor, metric)),
      verdictCell(scenarioVerdicts(scenario)),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/**
 * CPU time and peak RSS of each contender's own process (not its servers): the work and
 * memory of the runner itself, which background load on the machine barely changes.
 */
export function clientTable(results: BenchResults, metric: "cpu" | "client-rss"): string {
  const contenders = presentContenders(results);
  const others = contenders.filter((entry) => entry.id !== "loop-floor");
  const lines = [
    `| scenario | ${contenders.map((entry) => entry.id).join(" | ")} | ${others.map((entry) => `${entry.id} ÷ loop floor`).join(" | ")} |`,
    `|---|${contenders.map(() => "---|").join("")}${others.map(() => "---|").join("")}`,
  ];
  for (const scenario of results.scenarios) {
    const loopFloor = byId(scenario, "loop-floor");
    const cells = [
      scenario.title,
      ...contenders.map((entry) => cell(byId(scenario, entry.id), metric)),
      ...others.map((entry) => ratioCell(byId(scenario, entry.id), loopFloor, metric)),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function leftovers(result: ContenderResult | undefined): string {
  if (!result || result.status === "n/a") return "–";
  if (result.runsWithLeftovers === 0) return "none";
  return `${result.runsWithLeftovers} run(s): ${result.leftoverCommands.slice(0, 2).join("; ")}`;
}

/** Every figure: wall and memory medians, spread, process counts, processes left behind. */
export function detailTable(results: BenchResults): string {
  const lines = [
    "| scenario | contender | wall median | wall min–max | client CPU median | client peak RSS | tree peak RSS | peak processes | left running after exit |",
    "|---|---|---|---|---|---|---|---|---|",
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
        `| ${scenario.id} | ${result.label} | ${cell(result, "wall")} | ${spread} | ${cell(result, "cpu")} | ${cell(result, "client-rss")} | ${cell(result, "rss")} | ${result.peakProcesses || "–"} | ${leftovers(result)} |`,
      );
    }
  }
  return lines.join("\n");
}

/** How long the suite waited for the load to fall before it measured, if it did. */
function settleText({ before, waitedSeconds, settled }: SettledLoad): string {
  if (waitedSeconds === 0) return "";
  return settled
    ? ` (after waiting ${waitedSeconds} s for it to fall from ${before.toFixed(1)})`
    : ` (it was ${before.toFixed(1)}; still high after waiting ${waitedSeconds} s)`;
}

/**
 * "5 runs" when every scenario took as many, else "5 runs (11 in register-20x50)" naming
 * the scenarios that took their own count.
 */
export function runsText(results: BenchResults): string {
  const counts = new Set(results.scenarios.map((scenario) => scenario.measuredRuns));
  if (counts.size === 1) return `${[...counts][0]} runs`;
  const own = results.scenarios.filter(
    (scenario) => scenario.measuredRuns !== results.measuredRuns,
  );
  const extra = own.map((scenario) => `${scenario.measuredRuns} in ${scenario.id}`).join(", ");
  return `${results.measuredRuns} runs (${extra})`;
}

/** Per wall scenario, in how many rounds tinyloop was faster than every peer. */
export function roundsLine(results: BenchResults): string {
  const counts = results.scenarios.flatMap((scenario) => {
    const count = scenario.target.metric === "wall" ? roundsWon(scenario) : undefined;
    return count ? [`${scenario.id} ${count.won} of ${count.rounds}`] : [];
  });
  return counts.length === 0
    ? ""
    : `Rounds in which tinyloop was faster than every peer (a round runs each contender once, one after another, so they meet the same load): ${counts.join(", ")}.`;
}

/** The whole markdown report. */
export function markdownReport(results: BenchResults): string {
  const { machine } = results;
  return [
    `End-to-end benchmark, ${results.date}: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}. Medians of ${runsText(results)} after ${results.warmupRuns} warm-up run (checked against the model's request log). Load average (1 min) ${results.loadAverage.start.toFixed(1)} at the start${settleText(results.settledLoad)}, ${results.loadAverage.end.toFixed(1)} at the end.`,
    "",
    summaryTable(results),
    "",
    roundsLine(results),
    "",
    "Client CPU (user + system time of the contender's own process, servers not included), median:",
    "",
    clientTable(results, "cpu"),
    "",
    `CPU targets: ${verdictCell(cpuVerdicts(results))}`,
    "",
    "Client peak RSS (the contender's own process, servers not included), median:",
    "",
    clientTable(results, "client-rss"),
    "",
    detailTable(results),
    "",
    ...results.notes.map((note) => `- ${note}`),
  ].join("\n");
}
