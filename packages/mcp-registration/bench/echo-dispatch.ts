// Benchmark: 2,000 `echo` calls through registry.dispatch → MCP handler → transport
// connection, against the raw SDK `client.callTool` on the same fixture server (another
// process of the same binary and flags). Rounds alternate between the contenders so drift
// on a shared machine hits both alike. Target: at most 1.05× the raw SDK.
// Build first: `pnpm turbo run build --filter=@tinyloop/mcp-registration...`.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectServer } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { registerServer } from "../src/index.js";
import { median, printTable } from "./table.js";

const ROUNDS = 100;
const CALLS_PER_ROUND = 20; // 100 × 20 = 2,000 calls per contender
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

/** Wall-clock and this process's CPU time per call, in µs. */
async function batch(
  call: () => Promise<unknown>,
  count: number,
): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await call();
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / count;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / count };
}

const check = (await registry.dispatch("mcp_fx_echo", args)) as { content: { text: string }[] };
if (check.content[0]?.text !== "hello")
  throw new Error(`echo through the registry answered ${JSON.stringify(check)}`);

for (const contender of contenders) await batch(contender.call, WARMUP);
const samples = contenders.map(() => [] as { wall: number; cpu: number }[]);
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order each round so no contender always runs first.
  for (let k = 0; k < contenders.length; k++) {
    const index = (round + k) % contenders.length;
    const contender = contenders[index];
    if (contender) samples[index]?.push(await batch(contender.call, CALLS_PER_ROUND));
  }
}

const title = `${ROUNDS * CALLS_PER_ROUND} echo calls per contender over stdio, median of ${ROUNDS} rounds`;
printTable(
  `${title}: wall-clock per call`,
  "µs",
  contenders.map((contender, index) => ({
    label: contender.label,
    value: median((samples[index] ?? []).map((sample) => sample.wall)),
  })),
);
// CPU time of this (client) process: what our layers cost, less disturbed by other load.
printTable(
  `${title}: client CPU time per call`,
  "µs",
  contenders.map((contender, index) => ({
    label: contender.label,
    value: median((samples[index] ?? []).map((sample) => sample.cpu)),
  })),
);

await Promise.all([client.close(), connection.close(), direct.close()]);
