// Benchmark of `@tinyloop/agent-server`: requests per second and latency of one text turn
// through the server, next to the same request sent straight to the scripted model server
// (the floor: no agent, no tools, no second HTTP hop), with 1 and 32 concurrent clients.
// The clients run in a worker thread. Run with `pnpm --filter @tinyloop/agent-server bench`
// after a build (uses dist/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { createAgentServer } from "@tinyloop/agent-server";
import {
  fixtureTools,
  loadNow,
  ms,
  percentile,
  printReport,
  scriptedModel,
  startModelServer,
} from "./bench-parts.js";

const CONCURRENCY = [1, 32];
const REQUESTS = { 1: 300, 32: 1_600 } as Record<number, number>;
const WARMUP = 50;
const ROUNDS = 3; // alternating floor / server rounds, so both see the same machine load

interface Target {
  url: string;
  headers: Record<string, string>;
  model: string;
}

// The clients run in a worker thread: their work never shares the event loop of the
// server under test (or of the floor's model server, which has its own process).
const worker = new Worker(new URL("./load-worker.mjs", import.meta.url));

/** `total` requests from `clients` concurrent clients; latencies and wall time. */
function load(
  target: Target,
  clients: number,
  total: number,
): Promise<{ latencies: number[]; wallMs: number }> {
  return new Promise((resolve, reject) => {
    worker.once("message", (answer: { latencies: number[]; wallMs: number; error?: string }) =>
      answer.error ? reject(new Error(answer.error)) : resolve(answer),
    );
    worker.postMessage({ target, clients, total });
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

function figures(runs: Array<{ latencies: number[]; wallMs: number }>): Figures {
  const all = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const wall = runs.reduce((sum, run) => sum + run.wallMs, 0);
  return { rps: (all.length / wall) * 1000, p50: percentile(all, 50), p99: percentile(all, 99) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-serve-bench-"));
  const model = await startModelServer(dir);
  const { registry, hub } = await fixtureTools();
  const server = createAgentServer({
    model: scriptedModel(model.url),
    registry,
    hub,
    modelName: "bench-agent",
    port: 0,
    maxConcurrency: 64,
    approval: { mode: "never" },
  });
  const url = await server.listen();
  const floor: Target = { url: `${model.url}/v1/chat/completions`, headers: {}, model: "scripted" };
  const served: Target = {
    url: `${url}/v1/chat/completions`,
    headers: { authorization: `Bearer ${server.apiKey}` },
    model: "bench-agent",
  };
  const before = loadNow();
  try {
    await load(floor, 4, WARMUP);
    await load(served, 4, WARMUP);
    const rows: string[][] = [];
    for (const clients of CONCURRENCY) {
      const total = REQUESTS[clients] ?? 200;
      const floorRuns = [];
      const servedRuns = [];
      for (let round = 0; round < ROUNDS; round++) {
        floorRuns.push(await load(floor, clients, total));
        servedRuns.push(await load(served, clients, total));
      }
      const f = figures(floorRuns);
      const s = figures(servedRuns);
      rows.push(
        [`${clients}`, "raw model call", f.rps.toFixed(0), ms(f.p50), ms(f.p99), "", "", ""],
        [
          `${clients}`,
          "tinyloop serve",
          s.rps.toFixed(0),
          ms(s.p50),
          ms(s.p99),
          `${(f.rps / s.rps).toFixed(2)}×`,
          `${(s.p50 / f.p50).toFixed(2)}×`,
          `${(s.p99 / f.p99).toFixed(2)}×`,
        ],
      );
    }
    const header = [
      "clients",
      "target",
      "req/s",
      "p50",
      "p99",
      "req/s ratio (raw ÷ serve)",
      "p50 ratio",
      "p99 ratio",
    ];
    printReport(
      `@tinyloop/agent-server: one text turn, streamed (${ROUNDS} alternating rounds; ${Object.entries(
        REQUESTS,
      )
        .map(([c, n]) => `${n} requests at ${c} client${c === "1" ? "" : "s"}`)
        .join(", ")} per round)`,
      header,
      rows,
      before,
    );
  } finally {
    await server.close({ graceMs: 1_000 });
    await hub.close();
    model.stop();
    await worker.terminate();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
