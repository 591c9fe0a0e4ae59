/**
 * McpConnection vs the raw SDK Client on the same fixture server, in the same run:
 *   - 2 000 sequential `echo` calls, and 2 000 with 64 in flight (target ≤ 1.05×)
 *   - connecting 10 stdio servers at once (target ≤ 1.10×)
 * Three sides take turns (order rotating each run): the raw SDK Client with its
 * StdioClientTransport; the raw SDK Client over our StdioProcessTransport (server in its own
 * process group/session, like McpConnection's); and McpConnection. Wall time and this
 * process's CPU time (the client side's own cost, insensitive to other load) are measured.
 * Prints medians over BENCH_RUNS runs (default 15) with ratios, and the ratio of the fastest
 * runs (the least disturbed by other processes on a shared machine).
 * Build first: pnpm turbo run build --filter=@tinyloop/mcp-transport...
 */
import { cpus, loadavg } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// The built package (dist), as users get it.
import { connectServer } from "@tinyloop/mcp-transport";
import { StdioProcessTransport } from "@tinyloop/mcp-transport/stdio";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CALLS = 2_000;
const IN_FLIGHT = 64;
const SERVERS = 10;

interface Caller {
  call(text: string): Promise<unknown>;
  close(): Promise<void>;
}
interface Sample {
  wall: number;
  cpu: number;
}

async function rawSdk(): Promise<Caller> {
  const { command, args } = fixtureServer();
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(new StdioClientTransport({ command, args, stderr: "pipe" }));
  return {
    call: (text) => client.callTool({ name: "echo", arguments: { text } }),
    close: () => client.close(),
  };
}

/** Raw SDK Client over our process transport: same process placement as McpConnection. */
async function rawSdkOwnGroup(): Promise<Caller> {
  const { command, args } = fixtureServer();
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(new StdioProcessTransport({ server: "bench", command, args }));
  return {
    call: (text) => client.callTool({ name: "echo", arguments: { text } }),
    close: () => client.close(),
  };
}

async function tinyloop(): Promise<Caller> {
  const { command, args } = fixtureServer();
  const connection = await connectServer("bench", { command, args });
  return { call: (text) => connection.callTool("echo", { text }), close: () => connection.close() };
}

type Kind = "sdk" | "sdkOwnGroup" | "tinyloop";
const kinds: Kind[] = ["sdk", "sdkOwnGroup", "tinyloop"];
const makers: Record<Kind, () => Promise<Caller>> = {
  sdk: rawSdk,
  sdkOwnGroup: rawSdkOwnGroup,
  tinyloop,
};

async function measure(work: () => Promise<unknown>): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1_000 };
}

const sequential = (caller: Caller) =>
  measure(async () => {
    for (let i = 0; i < CALLS; i++) await caller.call(`m${i}`);
  });

const concurrent = (caller: Caller) =>
  measure(async () => {
    let next = 0;
    const worker = async () => {
      while (next < CALLS) await caller.call(`m${next++}`);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  });

async function connectMany(kind: Kind): Promise<Sample> {
  let connected: Caller[] = [];
  const sample = await measure(async () => {
    connected = await Promise.all(Array.from({ length: SERVERS }, () => makers[kind]()));
  });
  await Promise.all(connected.map((caller) => caller.close()));
  return sample;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const scenarios = [
  { name: `${CALLS} sequential echo calls`, target: 1.05 },
  { name: `${CALLS} echo calls, ${IN_FLIGHT} in flight`, target: 1.05 },
  { name: `connect ${SERVERS} stdio servers at once`, target: 1.1 },
];
const samples = scenarios.map(() => ({
  sdk: [] as Sample[],
  sdkOwnGroup: [] as Sample[],
  tinyloop: [] as Sample[],
}));

const callers = Object.fromEntries(
  await Promise.all(kinds.map(async (kind) => [kind, await makers[kind]()] as const)),
) as Record<Kind, Caller>;
for (const caller of Object.values(callers)) await sequential(caller); // warm-up (JIT, page cache)

for (let run = 0; run < RUNS; run++) {
  const order = kinds.map((_, i) => kinds[(i + run) % kinds.length] as Kind);
  for (const kind of order) samples[0]?.[kind].push(await sequential(callers[kind]));
  for (const kind of order) samples[1]?.[kind].push(await concurrent(callers[kind]));
  for (const kind of order) samples[2]?.[kind].push(await connectMany(kind));
  process.stderr.write(`run ${run + 1}/${RUNS} done\n`);
}
await Promise.all(Object.values(callers).map((caller) => caller.close()));

const fmt = (ms: number) => ms.toFixed(1);
const mark = (ratio: number, target: number) =>
  `${ratio.toFixed(3)}× ${ratio <= target ? "✅" : "❌"}`;
console.log(
  `\n### @tinyloop/mcp-transport vs raw SDK Client (median of ${RUNS} runs, Node ${process.version})\n`,
);
console.log(
  "| scenario | target | wall: raw SDK | wall: raw SDK, own process group | wall: McpConnection | wall ratio vs raw SDK | wall ratio vs same placement | fastest-run ratio vs raw SDK | client CPU: raw SDK | client CPU: McpConnection | CPU ratio |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
scenarios.forEach((scenario, i) => {
  const row = samples[i];
  if (!row) return;
  const wall = (kind: Kind) => median(row[kind].map((s) => s.wall));
  const cpu = (kind: Kind) => median(row[kind].map((s) => s.cpu));
  const fastest = (kind: Kind) => Math.min(...row[kind].map((s) => s.wall));
  console.log(
    `| ${scenario.name} | ≤ ${scenario.target.toFixed(2)}× | ${fmt(wall("sdk"))} ms | ${fmt(wall("sdkOwnGroup"))} ms | ${fmt(wall("tinyloop"))} ms | ${mark(wall("tinyloop") / wall("sdk"), scenario.target)} | ${mark(wall("tinyloop") / wall("sdkOwnGroup"), scenario.target)} | ${mark(fastest("tinyloop") / fastest("sdk"), scenario.target)} | ${fmt(cpu("sdk"))} ms | ${fmt(cpu("tinyloop"))} ms | ${mark(cpu("tinyloop") / cpu("sdk"), scenario.target)} |`,
  );
});
console.log(
  `\nload average at the end: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")} on ${cpus().length} cores`,
);
