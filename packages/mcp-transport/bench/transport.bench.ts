/**
 * McpConnection vs the raw SDK Client on the same fixture server, in the same run:
 *   - 2 000 sequential `echo` calls, and 2 000 with 64 in flight (target ≤ 1.05×)
 *   - connecting 10 stdio servers at once (target ≤ 1.10×)
 * Prints a markdown table of medians over RUNS runs (order alternates each run).
 * Needs the fixtures built: pnpm turbo run build --filter=@tinyloop/test-fixtures
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// The built package (dist), as users get it: run `pnpm turbo run build --filter=@tinyloop/mcp-transport...` first.
import { connectServer } from "@tinyloop/mcp-transport";
import { StdioProcessTransport } from "@tinyloop/mcp-transport/stdio";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CALLS = 2_000;
const IN_FLIGHT = 64;
const SERVERS = 10;

interface Caller {
  call(text: string): Promise<unknown>;
  close(): Promise<void>;
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
async function sdkOverOurTransport(): Promise<Caller> {
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
  return {
    call: (text) => connection.callTool("echo", { text }),
    close: () => connection.close(),
  };
}

async function sequential(caller: Caller): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await caller.call(`m${i}`);
  return performance.now() - started;
}

async function concurrent(caller: Caller): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < CALLS) await caller.call(`m${next++}`);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return performance.now() - started;
}

type Kind = "sdk" | "sdkOwnGroup" | "tinyloop";
const makers: Record<Kind, () => Promise<Caller>> = {
  sdk: rawSdk,
  sdkOwnGroup: sdkOverOurTransport,
  tinyloop,
};

async function connectMany(kind: Kind): Promise<number> {
  const started = performance.now();
  const callers = await Promise.all(Array.from({ length: SERVERS }, () => makers[kind]()));
  const elapsed = performance.now() - started;
  await Promise.all(callers.map((caller) => caller.close()));
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const results: Record<string, Record<Kind, number[]> & { target: number }> = {
  [`${CALLS} sequential echo calls`]: { sdk: [], sdkOwnGroup: [], tinyloop: [], target: 1.05 },
  [`${CALLS} echo calls, ${IN_FLIGHT} in flight`]: {
    sdk: [],
    sdkOwnGroup: [],
    tinyloop: [],
    target: 1.05,
  },
  [`connect ${SERVERS} stdio servers at once`]: {
    sdk: [],
    sdkOwnGroup: [],
    tinyloop: [],
    target: 1.1,
  },
};
const [seqKey, concKey, connectKey] = Object.keys(results) as [string, string, string];

// All clients stay connected for the whole run and take turns (order rotating), so load
// from other processes on the machine hits every side alike.
const kinds: Kind[] = ["sdk", "sdkOwnGroup", "tinyloop"];
const callers = Object.fromEntries(
  await Promise.all(kinds.map(async (kind) => [kind, await makers[kind]()] as const)),
) as Record<Kind, Caller>;
for (const caller of Object.values(callers)) await sequential(caller); // warm-up (JIT, page cache)

for (let run = 0; run < RUNS; run++) {
  const order = kinds.map((_, i) => kinds[(i + run) % kinds.length] as Kind);
  for (const kind of order) results[seqKey]?.[kind].push(await sequential(callers[kind]));
  for (const kind of order) results[concKey]?.[kind].push(await concurrent(callers[kind]));
  for (const kind of order) results[connectKey]?.[kind].push(await connectMany(kind));
  process.stderr.write(`run ${run + 1}/${RUNS} done\n`);
}
await Promise.all(Object.values(callers).map((caller) => caller.close()));

console.log(
  `\n### @tinyloop/mcp-transport vs raw SDK Client (median of ${RUNS} runs, Node ${process.version})\n`,
);
console.log(
  "| scenario | raw SDK Client (ms) | raw SDK Client, server in own process group (ms) | McpConnection (ms) | ratio vs raw SDK | ratio vs same placement | target |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [name, row] of Object.entries(results)) {
  const base = median(row.sdk);
  const placed = median(row.sdkOwnGroup);
  const mine = median(row.tinyloop);
  const ratio = mine / base;
  const mark = (value: number) => `${value.toFixed(3)}× ${value <= row.target ? "✅" : "❌"}`;
  console.log(
    `| ${name} | ${base.toFixed(1)} | ${placed.toFixed(1)} | ${mine.toFixed(1)} | ${mark(ratio)} | ${mark(mine / placed)} | ≤ ${row.target.toFixed(2)}× |`,
  );
}
console.log(
  `\nload average at the end: ${(await import("node:os"))
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")} on ${(await import("node:os")).cpus().length} cores`,
);
