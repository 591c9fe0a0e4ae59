// Benchmark: what registering 20 servers × 50 tools (1,000 tools) adds to connecting them.
// - baseline: connect 20 fixture servers in parallel with the transport (`connectServer`);
// - connectAll: the same 20 servers through `connectAll` (connect + list + register);
// - registerServer on 20 connected servers: list + register, no process start;
// - registerServer of tools already listed: this package's own cost, without IPC.
// The first two alternate their order from run to run. Target: connectAll at most 50 ms
// above the baseline. Build first: `pnpm turbo run build --filter=@tinyloop/mcp-registration...`.
import { availableParallelism, loadavg } from "node:os";
import { connectServer, type McpConnection } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { connectAll, registerServer, type ServerConnection } from "../src/index.js";
import { median, printTable } from "./table.js";

const SERVERS = 20;
// Each round starts 40 processes; more rounds narrow the medians of a noisy machine.
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
// The fixture has 15 tools of its own; 35 extras make 50 per server.
const command = fixtureServer({ tools: 35 });
const names = Array.from({ length: SERVERS }, (_, index) => `s${index}`);

/** Wall-clock ms of `run`, and this process's CPU ms (user + system) during it. */
async function measure(run: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

async function elapsed(run: () => Promise<void>): Promise<number> {
  return (await measure(run)).wall;
}

/** Connects the 20 servers, then measures registration on them, then closes them. */
async function connectAndRegister() {
  let connections: McpConnection[] = [];
  const connect = await measure(async () => {
    connections = await Promise.all(names.map((name) => connectServer(name, command)));
  });
  const registry = new ToolRegistry();
  const register = await elapsed(async () => {
    await Promise.all(
      connections.map((connection) =>
        registerServer(registry, connection, { server: connection.name }),
      ),
    );
  });
  const listed = await Promise.all(
    connections.map(async (connection) => ({ connection, tools: await connection.listTools() })),
  );
  const listedRegistry = new ToolRegistry();
  const registerListed = await elapsed(async () => {
    for (const { connection, tools } of listed) {
      const prelisted: ServerConnection = {
        name: connection.name,
        state: connection.state,
        onStateChange: (listener) => connection.onStateChange(listener),
        onToolsListChanged: (listener) => connection.onToolsListChanged(listener),
        callTool: (tool, args, options) => connection.callTool(tool, args, options),
        listTools: async () => tools,
      };
      await registerServer(listedRegistry, prelisted, { server: connection.name });
    }
  });
  await Promise.all(connections.map((connection) => connection.close()));
  if (registry.list().length !== SERVERS * 50 || listedRegistry.list().length !== SERVERS * 50) {
    throw new Error(
      `expected ${SERVERS * 50} tools, got ${registry.list().length} and ${listedRegistry.list().length}`,
    );
  }
  return { connect, register, registerListed };
}

async function throughConnectAll(): Promise<{ wall: number; cpu: number }> {
  const registry = new ToolRegistry();
  let close: () => Promise<void> = async () => {};
  const time = await measure(async () => {
    const hub = await connectAll(
      Object.fromEntries(names.map((name) => [name, command])),
      registry,
    );
    close = () => hub.close();
  });
  await close();
  if (registry.list().length !== 0) throw new Error("close() left tools registered");
  return time;
}

const samples = {
  connect: [] as number[],
  connectAll: [] as number[],
  wallDelta: [] as number[],
  cpuDelta: [] as number[],
  register: [] as number[],
  listed: [] as number[],
};
for (let run = 0; run < RUNS; run++) {
  // Alternate which contender goes first, and pair the two of each round: load from other
  // processes drifts over seconds, so a round's difference is far steadier than a
  // difference of medians taken over the whole run.
  const connectAllFirst = run % 2 === 1;
  const early = connectAllFirst ? await throughConnectAll() : undefined;
  const { connect, register, registerListed } = await connectAndRegister();
  const all = early ?? (await throughConnectAll());
  samples.connect.push(connect.wall);
  samples.connectAll.push(all.wall);
  samples.wallDelta.push(all.wall - connect.wall);
  samples.cpuDelta.push(all.cpu - connect.cpu);
  samples.register.push(register);
  samples.listed.push(registerListed);
}

/** The 25th and 75th percentiles, to show how wide a median's samples spread. */
function quartiles(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${at(0.25).toFixed(1)} to ${at(0.75).toFixed(1)} ms`;
}

const [load1] = loadavg();
const register = median(samples.register);
printTable(
  `${SERVERS} servers × 50 tools, median of ${RUNS} rounds (${availableParallelism()} cores, load ${load1?.toFixed(1)})`,
  "ms",
  [
    {
      label: "connect 20 servers (`connectServer` in parallel, baseline)",
      value: median(samples.connect),
    },
    { label: "`connectAll` (connect + list + register)", value: median(samples.connectAll) },
    {
      label: "`registerServer` on 20 connected servers (list + register)",
      value: register,
    },
    {
      label: "`registerServer` of 1,000 tools already listed (no IPC)",
      value: median(samples.listed),
    },
  ],
);
console.log(
  [
    "",
    `Registration beyond connecting, measured on already-connected servers: ${register.toFixed(1)} ms (quartiles ${quartiles(samples.register)}) — target ≤ 50 ms: ${register <= 50 ? "met" : "NOT met"}.`,
    `End to end, connectAll − connect paired per round: median ${median(samples.wallDelta).toFixed(1)} ms wall (quartiles ${quartiles(samples.wallDelta)}), ${median(samples.cpuDelta).toFixed(1)} ms CPU of this process (quartiles ${quartiles(samples.cpuDelta)}).`,
    "The wall-clock difference includes the noise of starting 40 processes per round on a shared machine; the CPU difference and the connected-servers row are the steadier measures of what registration adds.",
  ].join("\n"),
);
