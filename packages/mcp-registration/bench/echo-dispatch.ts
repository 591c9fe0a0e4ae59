// Benchmark: 2,000 `echo` calls through registry.dispatch → MCP handler → transport
// connection, against the raw SDK `client.callTool` on the same fixture server (another
// process of the same binary and flags). Calls alternate between the contenders so drift
// on a shared machine hits all alike. Target: at most 1.05× the raw SDK.
// Build first: `pnpm turbo run build --filter=@tinyloop/mcp-registration...`.
import { availableParallelism, loadavg } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectServer } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { registerServer } from "../src/index.js";
import { median, printTable } from "./table.js";

const CALLS = 2_000; // per contender
const WARMUP = 200;

const command = fixtureServer();
const client = new Client({ name: "bench-raw", version: "1.0.0" });
const rawTransport = new StdioClientTransport({ ...command, stderr: "pipe" });
rawTransport.stderr?.on("data", () => undefined);
await client.connect(rawTransport);

const connection = await connectServer("fx", command);
const registry = new ToolRegistry();
await registerServer(registry, connection, { server: "fx", include: ["echo"] });

const direct = await connectServer("fx_direct", command);

const args = { text: "hello" };
const contenders: { label: string; call: () => Promise<unknown> }[] = [
  {
    label: "raw SDK `client.callTool` (baseline)",
    call: () => client.callTool({ name: "echo", arguments: args }),
  },
  { label: "transport `connection.callTool`", call: () => direct.callTool("echo", args) },
  {
    label: "`registry.dispatch` → handler → connection",
    call: () => registry.dispatch("mcp_fx_echo", args),
  },
];

/** Wall-clock and this process's CPU time of one call, in µs. */
async function timed(call: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await call();
  const wall = Number(process.hrtime.bigint() - start) / 1_000;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: used.user + used.system };
}

const check = (await registry.dispatch("mcp_fx_echo", args)) as { content: { text: string }[] };
if (check.content[0]?.text !== "hello")
  throw new Error(`echo through the registry answered ${JSON.stringify(check)}`);

for (const contender of contenders) for (let i = 0; i < WARMUP; i++) await contender.call();
// One call of each contender per step, in a rotating order, so that bursts of load from
// other processes on the machine hit every contender alike; medians of single calls.
const samples = contenders.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let step = 0; step < CALLS; step++) {
  for (let k = 0; k < contenders.length; k++) {
    const index = (step + k) % contenders.length;
    const contender = contenders[index];
    const sample = samples[index];
    if (!contender || !sample) continue;
    const { wall, cpu } = await timed(contender.call);
    sample.wall.push(wall);
    sample.cpu.push(cpu);
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const [load1] = loadavg();
const title = `${CALLS} echo calls per contender over stdio (${availableParallelism()} cores, load ${load1?.toFixed(1)})`;
printTable(
  `${title}: median wall-clock per call`,
  "µs",
  contenders.map((contender, index) => ({
    label: contender.label,
    value: median(samples[index]?.wall ?? []),
  })),
);
// CPU time of this (client) process: what our layers cost, less disturbed by other load.
printTable(
  `${title}: mean client CPU time per call`,
  "µs",
  contenders.map((contender, index) => ({
    label: contender.label,
    value: mean(samples[index]?.cpu ?? []),
  })),
);

await Promise.all([client.close(), connection.close(), direct.close()]);
