// Benchmark of the agent as an MCP server: one text turn of the same agent called through
// MCP — the official SDK client over stdio, the agent in its own process
// (agent-mcp-child.mjs) — and called in-process (an `Agent` of @tinyloop/agent-loop run in
// this process). Both use the scripted model server (its own process) and the fixture MCP
// server's tools, offered with each model call. Sequential calls, alternating rounds so both
// see the same machine load. Run with `pnpm --filter @tinyloop/agent-server bench` after a
// build (uses dist/).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Agent } from "@tinyloop/agent-loop";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { connectAll } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer, fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";

const CALLS = 150; // per round and target
const WARMUP = 20;
const ROUNDS = 3;
const ANSWER = "The answer is forty-two, and here are a few more words to stream.";

async function startModelServer(dir: string): Promise<{ url: string; stop: () => void }> {
  const script = join(dir, "script.json");
  writeFileSync(script, JSON.stringify({ turns: [{ text: ANSWER }], cycle: true }));
  const bin = fixtureServerPath.replace(/mcp-server[/\\]bin\.js$/, "model-server/bin.js");
  const child = spawn(process.execPath, [bin, "--script", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
  return { url: line.trim(), stop: () => child.kill("SIGTERM") };
}

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

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
  const registry = new ToolRegistry();
  const { command, args } = fixtureServer({ name: "fx" });
  const hub = await connectAll({ fx: { command, args } }, registry);
  const agent = new Agent({
    model: createOpenAICompatible({
      baseURL: `${model.url}/v1`,
      model: "scripted",
      apiKey: "bench",
      maxRetries: 0,
    }),
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
  const before = loadavg()[0] ?? 0;
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
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
    console.log(
      `\n@tinyloop/agent-server: the agent called through MCP against in-process, one text turn (${ROUNDS} alternating rounds of ${CALLS} sequential calls each)`,
    );
    console.log(line(header));
    console.log(line(widths.map((w) => "-".repeat(w))));
    for (const row of rows) console.log(line(row));
    console.log(
      `Node ${process.version}, ${availableParallelism()} cores, load average ${before.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
    );
    if (before > availableParallelism())
      console.log("warning: the machine was busy (load above the core count); figures are noisy.");
  } finally {
    await client.close();
    await hub.close();
    model.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
