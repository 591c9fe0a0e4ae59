// Benchmarks of the agent loop against a bare loop, both on the same replay model and
// registry in the same run. Run with `pnpm --filter @tinyloop/agent-loop bench` (uses dist/).
import { availableParallelism, loadavg } from "node:os";
import { Agent } from "@tinyloop/agent-loop";
import {
  type CassetteEntry,
  type ChatMessage,
  createReplayModel,
  type ModelEvent,
} from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { bareLoop, type TurnTiming } from "./bare-loop.js";

const HISTORY = 200; // messages in the conversation when turns are measured
const MEASURED_TURNS = 20; // per cycle
const CYCLES = 15;
const PARALLEL_CYCLES = 5; // per round, two rounds
const SLEEP_MS = 200;

function toolTurn(turn: number, calls: Array<[string, Record<string, unknown>]>): CassetteEntry {
  const events: ModelEvent[] = [{ type: "text-delta", text: "Working on it. " }];
  calls.forEach(([name, args], index) => {
    events.push({
      type: "tool-call",
      id: `c${turn}_${index}`,
      name,
      arguments: JSON.stringify(args),
    });
  });
  events.push({ type: "usage", inputTokens: 100, outputTokens: 10 });
  events.push({ type: "finish", reason: "tool-calls" });
  return { events };
}

const textTurn: CassetteEntry = {
  events: [
    { type: "text-delta", text: "Done." },
    { type: "finish", reason: "stop" },
  ],
};

function registryWithTools(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    {
      name: "noop",
      toolset: "builtin",
      description: "Answers at once.",
      inputSchema: { type: "object", properties: { n: { type: "number" } } },
    },
    () => "ok",
  );
  registry.register(
    {
      name: "sleep",
      toolset: "builtin",
      description: "Waits ms milliseconds.",
      inputSchema: { type: "object", properties: { ms: { type: "number" } }, required: ["ms"] },
    },
    (args) => new Promise<string>((resolve) => setTimeout(() => resolve("slept"), Number(args.ms))),
  );
  return registry;
}

/** A cassette: `prefill` tool turns and a text turn, then `measured` tool turns and a text turn. */
function historyCassette(prefill: number, measured: number): CassetteEntry[] {
  const entries: CassetteEntry[] = [];
  for (let i = 0; i < prefill; i++) entries.push(toolTurn(i, [["noop", { n: i }]]));
  entries.push(textTurn);
  for (let i = 0; i < measured; i++) entries.push(toolTurn(prefill + i, [["noop", { n: i }]]));
  entries.push(textTurn);
  return entries;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** A fresh registry and a replay model that fills the history to HISTORY, then measures. */
function historyCycle() {
  // system + user + 2 per tool turn + final assistant = HISTORY
  const prefill = (HISTORY - 3) / 2;
  return {
    registry: registryWithTools(),
    model: createReplayModel({
      cassette: historyCassette(Math.ceil(prefill), MEASURED_TURNS),
      capabilities: { vision: false },
    }),
  };
}

/** Per-turn times of the agent at HISTORY messages, instant tools. */
async function agentTurnTimes(): Promise<number[]> {
  const times: number[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const { registry, model } = historyCycle();
    const agent = new Agent({
      model,
      registry,
      systemPrompt: "Bench.",
      maxTurns: 1000,
      exitTools: false,
    });
    for await (const _ of agent.run("Fill the history")) {
      // prefill, not measured
    }
    let start = 0;
    for await (const event of agent.run("Measure")) {
      if (event.type === "turn-start") start = performance.now();
      if (event.type === "turn-end" && event.toolCalls > 0) times.push(performance.now() - start);
    }
  }
  return times;
}

/** The same, through the bare loop. */
async function bareTurnTimes(): Promise<number[]> {
  const times: number[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const { registry, model } = historyCycle();
    const messages: ChatMessage[] = [{ role: "system", content: "Bench." }];
    await bareLoop(model, registry, messages, "Fill the history", 1000, () => {});
    await bareLoop(model, registry, messages, "Measure", 1000, (timing: TurnTiming) => {
      times.push(timing.end - timing.start);
    });
    times.pop(); // the closing text turn has no tools
  }
  return times;
}

const parallelCassette = (): CassetteEntry[] => [
  toolTurn(
    0,
    Array.from({ length: 8 }, (): [string, Record<string, unknown>] => ["sleep", { ms: SLEEP_MS }]),
  ),
  textTurn,
];

/** Time of one turn of eight 200 ms tool calls, through the agent. */
async function agentParallelTimes(): Promise<number[]> {
  const times: number[] = [];
  for (let cycle = 0; cycle < PARALLEL_CYCLES; cycle++) {
    const model = createReplayModel({ cassette: parallelCassette() });
    const agent = new Agent({ model, registry: registryWithTools(), exitTools: false });
    let start = 0;
    for await (const event of agent.run("Sleep")) {
      if (event.type === "turn-start" && event.turn === 1) start = performance.now();
      if (event.type === "turn-end" && event.turn === 1) times.push(performance.now() - start);
    }
  }
  return times;
}

async function bareParallelTimes(): Promise<number[]> {
  const times: number[] = [];
  for (let cycle = 0; cycle < PARALLEL_CYCLES; cycle++) {
    const model = createReplayModel({ cassette: parallelCassette() });
    const turns: TurnTiming[] = [];
    await bareLoop(model, registryWithTools(), [], "Sleep", 10, (timing) => turns.push(timing));
    const first = turns[0];
    if (first) times.push(first.end - first.start);
  }
  return times;
}

const ms = (value: number) => (value < 10 ? `${value.toFixed(3)} ms` : `${value.toFixed(1)} ms`);

async function main() {
  // Warm up both paths (JIT); then alternate agent and bare rounds so that both see the
  // same machine load.
  await agentTurnTimes();
  await bareTurnTimes();
  const agentTurns: number[] = [];
  const bareTurns: number[] = [];
  const agentParallel: number[] = [];
  const bareParallel: number[] = [];
  for (let round = 0; round < 2; round++) {
    agentTurns.push(...(await agentTurnTimes()));
    bareTurns.push(...(await bareTurnTimes()));
    agentParallel.push(...(await agentParallelTimes()));
    bareParallel.push(...(await bareParallelTimes()));
  }

  const turnAgent = median(agentTurns);
  const turnBare = median(bareTurns);
  const parallelAgent = median(agentParallel);
  const parallelBare = median(bareParallel);
  const rows = [
    [
      `one turn at ${HISTORY} messages, instant tool (n=${agentTurns.length})`,
      ms(turnAgent),
      ms(turnBare),
      `${(turnAgent / turnBare).toFixed(2)}×`,
      `agent ≤ 0.5 ms: ${turnAgent <= 0.5 ? "met" : "MISSED"}`,
    ],
    [
      `eight ${SLEEP_MS} ms tool calls in one turn (n=${agentParallel.length})`,
      ms(parallelAgent),
      ms(parallelBare),
      `${(parallelAgent / parallelBare).toFixed(2)}×`,
      `agent ≤ 1.10 × ${SLEEP_MS} ms: ${(parallelAgent / SLEEP_MS).toFixed(3)}× ${parallelAgent <= 1.1 * SLEEP_MS ? "met" : "MISSED"}`,
    ],
  ];
  console.log("| measurement (median) | agent-loop | bare loop | ratio | target |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(
    `\nBoth loops use the same replay model and registry; the bare loop streams, dispatches with Promise.all and appends messages, nothing else. Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (timers run late on a loaded machine; the ratio to the bare loop is the fair comparison then).`,
  );
}

await main();
