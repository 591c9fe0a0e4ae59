/** A tool call the scripted model asks for, naming the server by its bench name. */
export interface ScenarioCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Text the tool's result must contain (checked in the validation run). */
  expect: string;
}

/** One model turn: tool calls (run at once), or the final text answer. */
export type ScenarioTurn =
  | { kind: "tools"; calls: ScenarioCall[] }
  | { kind: "answer"; text: string; delayMs?: number };

/**
 * What a scenario holds tinyloop to (issue 13). Wall scenarios: tinyloop's median wall ÷
 * the loop floor's at most `maxRatioToLoopFloor`, and below every other agent runner's.
 * Memory: the peak RSS of tinyloop's own process at most `maxClientRssOverFloorMiB` above
 * the floor's own process.
 */
export type ScenarioTarget =
  | { metric: "wall"; maxRatioToLoopFloor: number }
  | { metric: "rss"; maxClientRssOverFloorMiB: number };

const WALL_TARGET: ScenarioTarget = { metric: "wall", maxRatioToLoopFloor: 1.05 };

/** One benchmark scenario: servers, the model's turns, the target. */
export interface Scenario {
  id: string;
  title: string;
  shows: string;
  /** Bench names of the servers (s0, s1, …) with the fixture server's flags. */
  servers: Array<{ name: string; flags: string[] }>;
  prompt: string;
  turns: ScenarioTurn[];
  /** The metric the scenario is about, and tinyloop's ceiling in it. */
  target: ScenarioTarget;
  /**
   * Measured runs when `--runs` is not given, for a scenario whose runs spread wider than
   * the gaps between the runners (the default is {@link DEFAULT_MEASURED_RUNS}).
   */
  measuredRuns?: number;
}

/** Measured runs of a scenario that sets none, unless `--runs` says otherwise. */
export const DEFAULT_MEASURED_RUNS = 5;

const FINAL = (id: string) => `Finished ${id}: BENCH-ANSWER-${id}`;

function servers(count: number, flags: string[] = []): Scenario["servers"] {
  return Array.from({ length: count }, (_, index) => ({ name: `s${index}`, flags }));
}

function sleepCall(ms: number): ScenarioCall {
  return { server: "s0", tool: "sleep", arguments: { ms }, expect: `slept ${ms}ms` };
}

/** The six scenarios of issues 9 and 13, in report order. */
export const scenarios: Scenario[] = [
  {
    id: "startup-1",
    title: "1 server, one text turn",
    shows: "fixed start-up and shutdown cost",
    servers: servers(1),
    prompt: "Say hello.",
    turns: [{ kind: "answer", text: FINAL("startup-1") }],
    target: WALL_TARGET,
  },
  {
    id: "parallel-tools",
    title: "1 server, 8 × sleep(200 ms) in one turn",
    shows: "parallel tool execution",
    servers: servers(1),
    prompt: "Sleep eight times at once, then say you are done.",
    turns: [
      { kind: "tools", calls: Array.from({ length: 8 }, () => sleepCall(200)) },
      { kind: "answer", text: FINAL("parallel-tools") },
    ],
    target: WALL_TARGET,
  },
  {
    id: "startup-10",
    title: "10 servers, one text turn",
    shows: "parallel start-up and shutdown",
    servers: servers(10),
    prompt: "Say hello.",
    turns: [{ kind: "answer", text: FINAL("startup-10") }],
    target: WALL_TARGET,
  },
  {
    id: "echo-200",
    title: "1 server, 200 sequential echo turns",
    shows: "per-turn overhead",
    servers: servers(1),
    prompt: "Echo two hundred times, one call per turn.",
    turns: [
      ...Array.from(
        { length: 200 },
        (_, index): ScenarioTurn => ({
          kind: "tools",
          calls: [
            {
              server: "s0",
              tool: "echo",
              arguments: { text: `echo #${index}` },
              expect: `echo #${index}`,
            },
          ],
        }),
      ),
      { kind: "answer", text: FINAL("echo-200") },
    ],
    target: WALL_TARGET,
  },
  {
    id: "register-20x50",
    title: "20 servers × 50 tools, one text turn",
    shows: "registration at scale (1,000 tools)",
    // The fixture server has 15 built-in tools; 35 numbered extras make exactly 50.
    servers: servers(20, ["--tools", "35"]),
    prompt: "Say hello.",
    turns: [{ kind: "answer", text: FINAL("register-20x50") }],
    target: WALL_TARGET,
    // Twenty Node servers booting on a small machine: one runner's wall time spreads by
    // ±0.5 s between runs, more than the runners differ by (~0.1 s), so five runs decide
    // nothing; eleven still flipped the verdict between runs of the suite. A median of 21
    // halves the error of five.
    measuredRuns: 21,
  },
  {
    id: "idle-10",
    title: "10 servers connected, idle 1.5 s",
    shows: "memory of the runner and of the whole process tree",
    servers: servers(10),
    prompt: "Think for a while, then say hello.",
    // The model takes 1.5 s before answering: the tree sits connected and idle.
    turns: [{ kind: "answer", text: FINAL("idle-10"), delayMs: 1_500 }],
    target: { metric: "rss", maxClientRssOverFloorMiB: 25 },
  },
];

/** The scenario's final answer text (what a contender's output must show). */
export function finalAnswer(scenario: Scenario): string {
  const last = scenario.turns.at(-1);
  if (last?.kind !== "answer") throw new Error(`scenario ${scenario.id} must end with an answer`);
  return last.text;
}

/** Every tool call of the scenario, in order. */
export function allCalls(scenario: Scenario): ScenarioCall[] {
  return scenario.turns.flatMap((turn) => (turn.kind === "tools" ? turn.calls : []));
}
