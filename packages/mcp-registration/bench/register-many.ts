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
const RUNS = 6;
// The fixture has 15 tools of its own; 35 extras make 50 per server.
const command = fixtureServer({ tools: 35 });
const names = Array.from({ length: SERVERS }, (_, index) => `s${index}`);

async function elapsed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Connects the 20 servers, then measures registration on them, then closes them. */
async function connectAndRegister() {
  let connections: McpConnection[] = [];
  const connect = await elapsed(async () => {
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

async function throughConnectAll(): Promise<number> {
  const registry = new ToolRegistry();
  let close: () => Promise<void> = async () => {};
  const time = await elapsed(async () => {
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
  register: [] as number[],
  listed: [] as number[],
};
for (let run = 0; run < RUNS; run++) {
  const first = run % 2 === 0;
  if (!first) samples.connectAll.push(await throughConnectAll());
  const { connect, register, registerListed } = await connectAndRegister();
  samples.connect.push(connect);
  samples.register.push(register);
  samples.listed.push(registerListed);
  if (first) samples.connectAll.push(await throughConnectAll());
}

const [load1] = loadavg();
const base = median(samples.connect);
const all = median(samples.connectAll);
printTable(
  `${SERVERS} servers × 50 tools, median of ${RUNS} runs (${availableParallelism()} cores, load ${load1?.toFixed(1)})`,
  "ms",
  [
    { label: "connect 20 servers (`connectServer` in parallel, baseline)", value: base },
    { label: "`connectAll` (connect + list + register)", value: all },
    {
      label: "`registerServer` on 20 connected servers (list + register)",
      value: median(samples.register),
    },
    {
      label: "`registerServer` of 1,000 tools already listed (no IPC)",
      value: median(samples.listed),
    },
  ],
);
console.log(
  `\nconnectAll − connect: ${(all - base).toFixed(1)} ms (target ≤ 50 ms; start-up noise is ± a few hundred ms under load)`,
);
