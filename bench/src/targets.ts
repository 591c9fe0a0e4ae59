import type { BenchResults, ContenderResult, ScenarioResult } from "./results.js";

/** Agent runners tinyloop is compared with; the floors are references, not rivals. */
export const PEERS = ["tiny-agents", "openai-agents", "ai-sdk"];

/** One target of issue 13 and what the run measured for it. */
export interface Verdict {
  what: string;
  measured: string;
  /** Undefined when a figure is missing (a contender failed or did not run). */
  met: boolean | undefined;
}

const MiB = 1024 * 1024;

/** A contender's result in a scenario, when it ran and passed its checks. */
export function okResult(scenario: ScenarioResult, id: string): ContenderResult | undefined {
  const result = scenario.contenders.find((entry) => entry.contender === id);
  return result?.status === "ok" ? result : undefined;
}

function ratioVerdict(
  what: string,
  value: number | undefined,
  base: number | undefined,
  max: number,
): Verdict {
  if (value === undefined || !base) return { what, measured: "–", met: undefined };
  const ratio = value / base;
  return { what, measured: `${ratio.toFixed(2)}×`, met: ratio <= max };
}

/** The targets one scenario holds tinyloop to, with the run's figures. */
export function scenarioVerdicts(scenario: ScenarioResult): Verdict[] {
  const tinyloop = okResult(scenario, "tinyloop");
  const { target } = scenario;
  if (target.metric === "rss") {
    const own = tinyloop?.medianClientPeakRssBytes;
    const floor = okResult(scenario, "floor")?.medianClientPeakRssBytes;
    const what = `own RSS ≤ floor's + ${target.maxClientRssOverFloorMiB} MiB`;
    if (own === undefined || floor === undefined) return [{ what, measured: "–", met: undefined }];
    const over = (own - floor) / MiB;
    return [
      { what, measured: `+${over.toFixed(0)} MiB`, met: over <= target.maxClientRssOverFloorMiB },
    ];
  }
  const verdicts = [
    ratioVerdict(
      `wall ≤ ${target.maxRatioToLoopFloor.toFixed(2)}× loop floor`,
      tinyloop?.medianWallMs,
      okResult(scenario, "loop-floor")?.medianWallMs,
      target.maxRatioToLoopFloor,
    ),
  ];
  const peers = PEERS.map((id) =>
    scenario.contenders.find((entry) => entry.contender === id),
  ).filter((entry): entry is ContenderResult => entry !== undefined && entry.status !== "n/a");
  if (peers.length > 0) {
    // A peer that failed its checks has no figure to beat; say so instead of counting a win.
    const fastest = Math.min(...peers.map((peer) => peer.medianWallMs ?? Number.POSITIVE_INFINITY));
    const mine = tinyloop?.medianWallMs;
    verdicts.push({
      what: "faster than every peer",
      measured: mine === undefined ? "–" : `${(mine / fastest).toFixed(2)}× the fastest`,
      met: mine === undefined || !Number.isFinite(fastest) ? undefined : mine < fastest,
    });
  }
  return verdicts;
}

/**
 * The client-CPU targets across scenarios: a one-turn run (startup-1) at most 1.15× the
 * loop floor's CPU, and the per-turn CPU of the 200-turn scenario — (echo-200 − startup-1)
 * ÷ 200 — at most 1.1× the loop floor's; when `tinyloop-otlp` ran, its per-turn CPU at
 * most 1.05× tinyloop's (issue 30: trace export on against off).
 */
export function cpuVerdicts(results: BenchResults): Verdict[] {
  const byId = (id: string) => results.scenarios.find((scenario) => scenario.id === id);
  const oneTurn = byId("startup-1");
  const manyTurns = byId("echo-200");
  const cpu = (scenario: ScenarioResult | undefined, id: string) =>
    scenario ? okResult(scenario, id)?.medianClientCpuMs : undefined;
  const verdicts: Verdict[] = [
    ratioVerdict(
      "one-turn client CPU ≤ 1.15× loop floor",
      cpu(oneTurn, "tinyloop"),
      cpu(oneTurn, "loop-floor"),
      1.15,
    ),
  ];
  const perTurn = (id: string) => {
    const many = cpu(manyTurns, id);
    const one = cpu(oneTurn, id);
    return many === undefined || one === undefined ? undefined : (many - one) / 200;
  };
  verdicts.push(
    ratioVerdict(
      "per-turn client CPU ≤ 1.10× loop floor",
      perTurn("tinyloop"),
      perTurn("loop-floor"),
      1.1,
    ),
  );
  // Issue 30: exporting every span over OTLP/HTTP costs at most 5 % of a turn's CPU.
  if (manyTurns && okResult(manyTurns, "tinyloop-otlp")) {
    verdicts.push(
      ratioVerdict(
        "per-turn client CPU with --otlp ≤ 1.05× without",
        perTurn("tinyloop-otlp"),
        perTurn("tinyloop"),
        1.05,
      ),
    );
  }
  return verdicts;
}
