// Benchmark of the agent as an MCP server: one text turn of the same agent called through
// MCP — the official SDK client over stdio, the agent in its own process
// (agent-mcp-child.mjs) — and called in-process (an `Agent` of @tinyloop/agent-loop run in
// this process). Both use the scripted model server (its own process) and the fixture MCP
// server's tools, offered with each model call. Sequential calls, alternating rounds so both
// see the same machine load. Run with `pnpm --filter @tinyloop/agent-server bench` after a
// build (uses dist/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Agent } from "@tinyloop/agent-loop";
import {
  ANSWER,
  fixtureTools,
  loadNow,
  ms,
  percentile,
  printReport,
  scriptedModel,
  startModelServer,
} from "./bench-parts.js";

const CALLS = 150; // per round and target
const WARMUP = 20;
const ROUNDS = 3;

/** Times `calls` sequential calls of `call`; each must answer ANSWER. */
async function timeCalls(calls: number, call: () => Promise<string>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const answer = await call();
    latencies.push(performance.now() - started);
    if (answer !== ANSWER) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
  }
  return latencies;
}

interface Figures {
  p50: number;
  p90: number;
  mean: number;
}

function figures(latencies: number[]): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), mean };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-mcp-bench-"));
  const model = await startModelServer(dir);
  // In-process: the agent in this process, with its own fixture server.
  const { registry, hub } = await fixtureTools();
  const agent = new Agent({
    model: scriptedModel(model.url),
    registry,
  });
  const inProcess = async () => {
    let text = "";
    for await (const event of agent.run("What is the answer?")) {
      if (event.type === "done") text = event.text ?? "";
    }
    return text;
  };
  // Through MCP: the official SDK client starts the agent as a stdio server.
  const client = new Client({ name: "mcp-bench", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [fileURLToPath(new URL("./agent-mcp-child.mjs", import.meta.url)), model.url],
      stderr: "inherit",
    }),
  );
  const throughMcp = async () => {
    const result = await client.callTool({
      name: "ask_bench",
      arguments: { task: "What is the answer?" },
    });
    const [block] = result.content as Array<{ type: string; text?: string }>;
    return block?.text ?? "";
  };
  const before = loadNow();
  try {
    await timeCalls(WARMUP, inProcess);
    await timeCalls(WARMUP, throughMcp);
    const local: number[] = [];
    const mcp: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      local.push(...(await timeCalls(CALLS, inProcess)));
      mcp.push(...(await timeCalls(CALLS, throughMcp)));
    }
    const l = figures(local);
    const m = figures(mcp);
    const added = m.p50 - l.p50;
    const rows = [
      ["in-process `Agent.run`", ms(l.p50), ms(l.p90), ms(l.mean), "", "", ""],
      [
        "through MCP (stdio, SDK client)",
        ms(m.p50),
        ms(m.p90),
        ms(m.mean),
        `${(m.p50 / l.p50).toFixed(2)}×`,
        `${(m.mean / l.mean).toFixed(2)}×`,
        `${added < 0 ? "−" : "+"}${ms(Math.abs(added))}`,
      ],
    ];
    const header = [
      "call",
      "p50",
      "p90",
      "mean",
      "p50 ratio (MCP ÷ in-process)",
      "mean ratio",
      "added per call (p50)",
    ];
    printReport(
      `@tinyloop/agent-server: the agent called through MCP against in-process, one text turn (${ROUNDS} alternating rounds of ${CALLS} sequential calls each)`,
      header,
      rows,
      before,
    );
  } finally {
    await client.close();
    await hub.close();
    model.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
