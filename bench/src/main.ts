/**
 * The end-to-end benchmark suite: `pnpm --filter @tinyloop/bench run bench:e2e [-- flags]`.
 *   --runs N            measured runs per scenario and contender, at least 1 (default: the
 *                       scenario's own count, else 5)
 *   --warmup N          warm-up runs before them (default 1; the first run is checked in depth)
 *   --scenarios a,b     only these scenario ids
 *   --contenders a,b    only these of floor, loop-floor, tinyloop, tinyloop-otlp, tiny-agents,
 *                       openai-agents, ai-sdk (floor always runs)
 *   --out FILE          where the JSON goes (default bench/results.json)
 *   --settle SECONDS    wait up to this long for the 1-minute load average to fall to the
 *                       core count before measuring (default 240; 0 does not wait)
 * Prints the markdown report on stdout, progress on stderr.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { startOtlpReceiver } from "@tinyloop/test-fixtures/otlp-receiver";
import { aiSdkContender } from "./ai-sdk-contender.js";
import type { Contender } from "./contender.js";
import { floorContender } from "./floor-contender.js";
import { loopFloorContender } from "./loop-floor-contender.js";
import { killActiveRuns, LEFTOVER_GRACE_MS } from "./measure-run.js";
import { killModelServers } from "./model-server-process.js";
import { openaiAgentsContender } from "./openai-agents-contender.js";
import { serversInOwnSession } from "./own-session.js";
import { markdownReport } from "./report.js";
import type { BenchResults } from "./results.js";
import { runScenario } from "./run-scenario.js";
import { DEFAULT_MEASURED_RUNS, scenarios } from "./scenarios.js";
import { settleLoad } from "./settle-load.js";
import { TINY_AGENTS_END_OF_INPUT, tinyAgentsContender } from "./tiny-agents-contender.js";
import { tinyloopContender } from "./tinyloop-contender.js";
import { tinyloopOtlpContender } from "./tinyloop-otlp-contender.js";

// `pnpm run bench:e2e -- --runs 3` hands the `--` on to the script; it only separates.
const argv = process.argv.slice(2);
const { values } = parseArgs({
  args: argv[0] === "--" ? argv.slice(1) : argv,
  options: {
    runs: { type: "string" },
    warmup: { type: "string", default: "1" },
    scenarios: { type: "string" },
    contenders: { type: "string" },
    out: { type: "string", default: fileURLToPath(new URL("../results.json", import.meta.url)) },
    settle: { type: "string", default: "240" },
  },
});

function count(name: string, raw: string, min: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name}: expected a whole number ≥ ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function pick<T extends { id: string }>(all: T[], list: string | undefined, what: string): T[] {
  if (!list) return all;
  const ids = list.split(",").map((id) => id.trim());
  for (const id of ids) {
    if (!all.some((item) => item.id === id)) {
      throw new Error(
        `--${what}: unknown id "${id}"; known: ${all.map((item) => item.id).join(", ")}`,
      );
    }
  }
  return all.filter((item) => ids.includes(item.id));
}

const runsFlag = values.runs === undefined ? undefined : count("runs", values.runs, 1);
const warmupRuns = count("warmup", values.warmup, 1);
const settleSeconds = count("settle", values.settle, 0);
// tinyloop --otlp exports to this receiver, in the bench's process (outside the measured tree).
const otlpReceiver = await startOtlpReceiver();
const allContenders: Contender[] = [
  floorContender,
  loopFloorContender,
  tinyloopContender,
  tinyloopOtlpContender(otlpReceiver.tracesUrl),
  tinyAgentsContender,
  openaiAgentsContender,
  aiSdkContender,
];
const chosen = pick(allContenders, values.contenders, "contenders");
const contenders = chosen.includes(floorContender) ? chosen : [floorContender, ...chosen];

const log = (line: string) => process.stderr.write(`${line}\n`);
const settled = await settleLoad({
  maxWaitMs: settleSeconds * 1000,
  onWait: (load, waited) =>
    log(
      `load average ${load.toFixed(1)}: waiting for the machine to settle (${waited} s of ${settleSeconds} s)`,
    ),
});

const results: BenchResults = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.versions.node,
    platform: `${process.platform}-${process.arch}`,
  },
  loadAverage: { start: settled.after, end: 0 },
  settledLoad: settled,
  warmupRuns,
  measuredRuns: runsFlag ?? DEFAULT_MEASURED_RUNS,
  leftoverGraceMs: LEFTOVER_GRACE_MS,
  notes: [
    "floor: the raw MCP SDK client doing the scenario's MCP work (connect, list tools, the same calls, close), no model. loop floor: the same plus the model's HTTP round trips, with fetch and a hand-rolled SSE reader (the least any agent loop can do); not one of issue 9's contenders, it shows how much of a gap to the floor is the model traffic itself.",
    "Every contender, every MCP server and the model server run in their own session, so each gets its own scheduler autogroup (tinyloop starts its servers that way; the bench starts every other contender's servers through setsid) and background load falls on all contenders alike.",
    "Rounds: a measured round runs every contender once, one after another; the order shifts by one contender each round (the first, the validation run, starts with the floor), so no contender always runs first or after the same neighbour. Medians over the rounds; register-20x50 takes 21 (its runs spread wider than the runners differ), the others 5, unless --runs is given.",
    "Wall: spawn of the contender's process to its exit. Peak RSS: the most, over 20 ms samples, of the summed RSS of the contender's process and all its descendants (the MCP servers); the scripted model server runs outside the tree.",
    `Left running: processes carrying the run's marker variable (put in every server's env) still alive ${LEFTOVER_GRACE_MS} ms after the contender exited; they are killed before the next run.`,
    `tiny-agents 0.3.4 has no one-shot mode: the prompt is piped to \`tiny-agents run DIR\`, and its REPL then ends on the closed input (${TINY_AGENTS_END_OF_INPUT}, exit code 7) without closing its MCP clients; it runs tool calls one after another and asks the model once more after answering.`,
    "openai-agents: a script with `@openai/agents` 0.20 — `Agent` + `run(…, { stream: true })`, one `MCPServerStdio` per server, `OpenAIChatCompletionsModel` at the scripted endpoint, tracing off, `includeServerInToolNames` (servers share tool names). ai-sdk: a script with `ai` 6 + `@ai-sdk/mcp` 1 + `@ai-sdk/openai-compatible` 2 — one `createMCPClient` (stdio) per server, tools merged as `mcp_<server>_<tool>`, `streamText` with `stopWhen: stepCountIs(1000)`. Both are the versions that run on Node 20 (their next majors need Node 22).",
    "Targets (issue 13): every wall scenario tinyloop ÷ loop floor ≤ 1.05× and faster than every peer (tiny-agents, openai-agents, ai-sdk); client CPU of one turn ≤ 1.15× the loop floor's, per turn in echo-200 ≤ 1.10×; tinyloop's own peak RSS ≤ the floor's own + 25 MiB. Issue 30: per-turn client CPU with trace export on (tinyloop --otlp, to a local OTLP/HTTP receiver) ≤ 1.05× tinyloop's without.",
  ],
  scenarios: [],
};

// Contenders and model servers run in their own sessions, so Ctrl+C does not reach them.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killActiveRuns();
    killModelServers();
    process.exit(130);
  });
}
if (!serversInOwnSession) {
  results.notes.push(
    "setsid(1) was not found: the floor's and tiny-agents' servers shared their client's session, so on a busy machine tinyloop's servers (each in its own session) got a larger CPU share.",
  );
}

for (const scenario of pick(scenarios, values.scenarios, "scenarios")) {
  results.scenarios.push(
    await runScenario(scenario, {
      contenders,
      warmupRuns,
      measuredRuns: runsFlag ?? scenario.measuredRuns ?? DEFAULT_MEASURED_RUNS,
      fixtureServerPath,
      log,
    }),
  );
}

await otlpReceiver.close();
results.loadAverage.end = loadavg()[0] ?? 0;
if (Math.max(results.loadAverage.start, results.loadAverage.end) > results.machine.cpus) {
  results.notes.push(
    `The machine was busy (load average above ${results.machine.cpus}): wall times are noisy; compare on a quiet machine.`,
  );
}
writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`${markdownReport(results)}\n`);
log(`wrote ${values.out}`);
