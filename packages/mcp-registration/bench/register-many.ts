// Benchmark: what registering 20 servers × 50 tools (1,000 tools) adds to connecting them.
// - baseline: connect 20 fixture servers in parallel with the transport (`connectServer`);
// - connectAll: the same 20 servers through `connectAll` (connect + list + register);
// - registerServer alone: list and register the tools of 20 already-connected servers;
// - registerServer of tools already listed: this package's own cost, without IPC.
// Target: connectAll at most 50 ms above the baseline. Medians of several runs.
import { connectServer, type McpConnection } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { connectAll, registerServer, type ServerConnection } from "../src/index.js";
import { median, printTable } from "./table.js";

const SERVERS = 20;
const RUNS = 5;
// The fixture has 15 tools of its own; 35 extras make 50 per server.
const command = fixtureServer({ tools: 35 });
const names = Array.from({ length: SERVERS }, (_, index) => `s${index}`);

async function connectEach(): Promise<McpConnection[]> {
  return Promise.all(names.map((name) => connectServer(name, command)));
}

const elapsed = async (run: () => Promise<void>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

const connectOnly: number[] = [];
const viaConnectAll: number[] = [];
const registerOnly: number[] = [];
const registerListed: number[] = [];
let registered = 0;

for (let run = 0; run < RUNS; run++) {
  let connections: McpConnection[] = [];
  connectOnly.push(
    await elapsed(async () => {
      connections = await connectEach();
    }),
  );
  const registry = new ToolRegistry();
  registerOnly.push(
    await elapsed(async () => {
      await Promise.all(
        connections.map((connection) =>
          registerServer(registry, connection, { server: connection.name }),
        ),
      );
    }),
  );
  // Our own cost with the IPC taken out: the same 20 tool lists, already fetched.
  const listed = await Promise.all(
    connections.map(async (connection) => ({ connection, tools: await connection.listTools() })),
  );
  const listedRegistry = new ToolRegistry();
  registerListed.push(
    await elapsed(async () => {
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
    }),
  );
  await Promise.all(connections.map((connection) => connection.close()));

  const hubRegistry = new ToolRegistry();
  let close: () => Promise<void> = async () => {};
  viaConnectAll.push(
    await elapsed(async () => {
      const hub = await connectAll(
        Object.fromEntries(names.map((name) => [name, command])),
        hubRegistry,
      );
      close = () => hub.close();
    }),
  );
  registered = hubRegistry.list().length;
  await close();
}

if (registered !== SERVERS * 50)
  throw new Error(`expected ${SERVERS * 50} tools registered, got ${registered}`);

const base = median(connectOnly);
const all = median(viaConnectAll);
printTable(`${SERVERS} servers × 50 tools (${registered} tools), median of ${RUNS} runs`, "ms", [
  { label: "connect 20 servers (`connectServer` in parallel, baseline)", value: base },
  { label: "`connectAll` (connect + list + register)", value: all },
]);
console.log(`\nconnectAll − connect: ${(all - base).toFixed(1)} ms (target ≤ 50 ms)`);
console.log(
  `registerServer alone on 20 connected servers (list + register): ${median(registerOnly).toFixed(1)} ms`,
);
console.log(
  `registerServer of 1,000 tools already listed (no IPC): ${median(registerListed).toFixed(1)} ms`,
);
