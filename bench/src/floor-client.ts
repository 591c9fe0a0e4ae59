/**
 * The floor contender: the raw MCP SDK client doing a scenario's MCP work with no agent
 * loop. Run from dist/ (`node dist/floor-client.js plan.json`) so it pays plain Node
 * start-up, like the CLIs it is compared with.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { FloorPlan } from "./floor-plan.js";

const planPath = process.argv[2];
if (!planPath) throw new Error("usage: node floor-client.js PLAN.json");
const plan = JSON.parse(readFileSync(planPath, "utf8")) as FloorPlan;

const clients = new Map<string, Client>();
let toolCount = 0;
await Promise.all(
  plan.servers.map(async (server) => {
    const client = new Client({ name: "tinyloop-bench-floor", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: server.command,
        args: server.args,
        env: server.env,
        stderr: "pipe",
      }),
    );
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      toolCount += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    clients.set(server.name, client);
  }),
);

let calls = 0;
for (const batch of plan.batches) {
  await Promise.all(
    batch.map(async (call) => {
      const client = clients.get(call.server);
      if (!client) throw new Error(`plan names unknown server ${call.server}`);
      const result = await client.callTool({ name: call.tool, arguments: call.arguments });
      if (result.isError) throw new Error(`${call.server}.${call.tool} failed`);
      calls += 1;
    }),
  );
}
if (plan.idleMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.idleMs));
await Promise.all([...clients.values()].map((client) => client.close()));
process.stdout.write(`floor done: ${clients.size} servers, ${toolCount} tools, ${calls} calls\n`);
