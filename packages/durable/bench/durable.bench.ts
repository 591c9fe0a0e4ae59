// Benchmarks of durable runs against the same runs in memory, measured in one run:
// 1. durability's cost per step (a model turn or a tool call): the local database (the CLI's
//    default) and a throwaway Postgres like the tests' (fsync off), ms and CPU;
// 2. a batch of 200 runs (one 100 ms tool call each) on 1 and 3 worker processes (scale-out)
//    and in memory. Run with `pnpm --filter @tinyloop/durable bench`.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DBOSClient } from "@dbos-inc/dbos-sdk";
import { Agent } from "@tinyloop/agent-loop";
import { startPostgres } from "@tinyloop/test-fixtures/postgres";
import { localDatabase, openDurableClient, stopLocalDatabase } from "../src/index.js";
import { benchAgentOptions, stepsPerRun } from "./bench-agent.js";

const STEP_RUNS = 12; // per side; the first 2 are warm-up
const STEP_TURNS = 20; // tool turns per run: 41 steps
const BATCH = 200;
const TOOL_MS = 100;
const CONCURRENCY = 4; // runs at once per worker (the CLI's default)
const LATENCY_RUNS = 30;

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const ms = (value: number) => (value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`);

function tsxProcess(script: string, config: unknown): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", here(script), JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
}

function outputOf(child: ChildProcess): Promise<string> {
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${child.spawnargs[3]} exited ${code}`)),
    ),
  );
}

/** CPU ms used so far by the Postgres server on `port`: the postmaster, its live children and the ones gone. */
function postgresCpuMs(port: number): number {
  const ticks = (pid: string, withChildren: boolean) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return (utime ?? 0) + (stime ?? 0) + (withChildren ? (cutime ?? 0) + (cstime ?? 0) : 0);
  };
  let total = 0;
  const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  const read = (pid: string, file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
      return "";
    }
  };
  const postmasters = pids.filter((pid) =>
    read(pid, "cmdline").split("\0").join(" ").includes(`-p ${port} `),
  );
  for (const postmaster of postmasters.filter((pid) => read(pid, "comm").trim() === "postgres")) {
    total += ticks(postmaster, true);
    for (const pid of pids) {
      const stat = read(pid, "stat");
      if (stat && stat.replace(/^.*\) /, "").split(" ")[1] === postmaster)
        total += ticks(pid, false);
    }
  }
  return total * 10; // 100 ticks a second
}

interface StepSide {
  runTimes: number[];
  cpuMs: number;
  runs: number;
  turns: number;
}

async function stepCost(databaseUrl: string | undefined, port: number | undefined) {
  const before = port === undefined ? 0 : postgresCpuMs(port);
  const side = JSON.parse(
    await outputOf(
      tsxProcess("./step-cost-run.ts", { databaseUrl, runs: STEP_RUNS, turns: STEP_TURNS }),
    ),
  ) as StepSide;
  const postgresMs = port === undefined ? 0 : postgresCpuMs(port) - before;
  const steps = stepsPerRun(STEP_TURNS);
  return {
    msPerStep: median(side.runTimes.slice(2)) / steps,
    cpuPerStep: side.cpuMs / (side.runs * steps),
    postgresCpuPerStep: postgresMs / (side.runs * steps),
  };
}

/** Seconds for BATCH runs in memory, `parallel` at once. */
async function batchInMemory(parallel: number): Promise<number> {
  const options = benchAgentOptions(1, TOOL_MS);
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < BATCH) {
        const i = next++;
        for await (const _ of new Agent(options).run(`Input ${i}`)) {
          // events not measured
        }
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

/** Starts `workers` worker processes of the batch benchmark; resolves once all take runs. */
async function startWorkers(databaseUrl: string, agent: string, workers: number) {
  const children = Array.from({ length: workers }, () =>
    tsxProcess("./batch-worker.ts", {
      databaseUrl,
      agent,
      concurrency: CONCURRENCY,
      toolMs: TOOL_MS,
    }),
  );
  const exits = children.map(outputOf);
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) =>
          child.stdout?.on("data", (chunk: Buffer) => {
            if (chunk.toString().includes("ready")) resolve();
          }),
        ),
    ),
  );
  return {
    stop: async () => {
      for (const child of children) child.kill("SIGTERM");
      await Promise.all(exits);
    },
  };
}

/**
 * Queue wait with a free worker slot: LATENCY_RUNS runs submitted one after another to an
 * idle worker, each after the one before ended; ms from just before the submit to the
 * worker's dequeue (DBOS's `dequeuedAt`, same machine, same clock).
 */
async function queueWait(databaseUrl: string) {
  const agent = `bench-latency-${process.pid}`;
  const workers = await startWorkers(databaseUrl, agent, 1);
  const client = await openDurableClient(databaseUrl);
  // No idle-transaction SET per connection: it draws pg's deprecation warning (see database-url.ts).
  const dbos = await DBOSClient.create({
    systemDatabaseUrl: databaseUrl,
    systemDatabaseIdleTransactionTimeoutMs: 0,
  });
  const waits: number[] = [];
  try {
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const submitted = Date.now();
      const id = await client.submit(agent, `Input ${i}`);
      await client.result(id);
      const [status] = await dbos.listWorkflows({ workflowIDs: [id] });
      if (status?.dequeuedAt === undefined) throw new Error(`run ${id} has no dequeuedAt`);
      waits.push(status.dequeuedAt - submitted);
    }
  } finally {
    await dbos.destroy();
    await client.close();
    await workers.stop();
  }
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    median: median(waits),
    p90: sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Seconds from the first submit until BATCH runs finished on `workers` worker processes. */
async function batchDurable(databaseUrl: string, workers: number): Promise<number> {
  const agent = `bench-batch-${workers}-${process.pid}`;
  const started = await startWorkers(databaseUrl, agent, workers);
  const client = await openDurableClient(databaseUrl);
  const start = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < BATCH; i++) ids.push(await client.submit(agent, `Input ${i}`));
  while (true) {
    const runs = await client.list({ ids });
    const failed = runs.filter((run) => !["completed", "queued", "running"].includes(run.outcome));
    if (failed.length > 0) throw new Error(`a batch run ended ${failed[0]?.outcome}`);
    if (runs.filter((run) => run.outcome === "completed").length === BATCH) break;
    // Not faster: listing 200 runs is work for the same Postgres the workers use.
    await new Promise((wake) => setTimeout(wake, 200));
  }
  const seconds = (performance.now() - start) / 1000;
  await client.close();
  await started.stop();
  return seconds;
}

async function main() {
  const load = loadavg().map((value) => value.toFixed(2));
  const folder = mkdtempSync(join(tmpdir(), "tinyloop-durable-bench-"));
  chmodSync(folder, 0o755); // as root the local server runs as postgres
  const localFolder = join(folder, "postgres");
  const pg = await startPostgres();
  try {
    const local = await localDatabase({ folder: localFolder });
    const localPort = Number(new URL(local.url).port);

    const memory = await stepCost(undefined, undefined);
    const onLocal = await stepCost(local.url, localPort);
    const onPostgres = await stepCost(pg.url, pg.port);

    const wait = await queueWait(local.url);
    const memory4 = await batchInMemory(CONCURRENCY);
    const memory12 = await batchInMemory(3 * CONCURRENCY);
    const oneWorker = await batchDurable(local.url, 1);
    const threeWorkers = await batchDurable(local.url, 3);

    const steps = stepsPerRun(STEP_TURNS);
    const stepRow = (name: string, side: typeof memory) => [
      name,
      ms(side.msPerStep),
      `${(side.msPerStep - memory.msPerStep).toFixed(2)} ms`,
      `${side.cpuPerStep.toFixed(2)} + ${side.postgresCpuPerStep.toFixed(2)} ms`,
      side === memory ? "—" : `${(side.msPerStep / memory.msPerStep).toFixed(0)}×`,
    ];
    console.log(
      `\n@tinyloop/durable · Node ${process.version} · ${availableParallelism()} cores · load average at start ${load.join(" ")} (a shared machine: figures move with the load)\n`,
    );
    console.log(
      `Cost per step (${STEP_RUNS - 2} measured runs of ${steps} steps: ${STEP_TURNS} tool turns, instant tool, one run at a time; median run / steps)`,
    );
    console.table(
      [
        stepRow("in memory", memory),
        stepRow("durable, local database", onLocal),
        stepRow("durable, Postgres (fsync off)", onPostgres),
      ].map(([where, perStep, added, cpu, ratio]) => ({
        where,
        "ms / step": perStep,
        "added / step": added,
        "CPU / step (node + postgres)": cpu,
        "× memory": ratio,
      })),
    );
    const goal = onLocal.msPerStep - memory.msPerStep;
    console.log(
      `goal ≤ 5 ms added a step on the local database: ${goal <= 5 ? "met" : "MISSED"} (${goal.toFixed(2)} ms)\n`,
    );
    console.log(
      `Queue wait with a free worker slot (${LATENCY_RUNS} runs, one at a time, submit → dequeued on the local database): median ${ms(wait.median)}, p90 ${ms(wait.p90)}, max ${ms(wait.max)} · goal ≤ 100 ms: ${wait.p90 <= 100 ? "met" : "MISSED"} (p90) · load average now ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}\n`,
    );
    console.log(
      `Batch of ${BATCH} runs (one ${TOOL_MS} ms tool call each), ${CONCURRENCY} at once per worker`,
    );
    console.table([
      {
        how: `in memory, ${CONCURRENCY} at once`,
        seconds: memory4.toFixed(1),
        "runs/s": (BATCH / memory4).toFixed(1),
      },
      {
        how: `in memory, ${3 * CONCURRENCY} at once`,
        seconds: memory12.toFixed(1),
        "runs/s": (BATCH / memory12).toFixed(1),
      },
      {
        how: "durable, 1 worker",
        seconds: oneWorker.toFixed(1),
        "runs/s": (BATCH / oneWorker).toFixed(1),
      },
      {
        how: "durable, 3 workers",
        seconds: threeWorkers.toFixed(1),
        "runs/s": (BATCH / threeWorkers).toFixed(1),
      },
    ]);
    const scale = oneWorker / threeWorkers;
    const throughput1 = memory4 / oneWorker;
    const throughput3 = memory12 / threeWorkers;
    console.log(
      `durable throughput against memory at the same parallelism: 1 worker ${throughput1.toFixed(2)}×, 3 workers ${throughput3.toFixed(2)}× · goal ≥ 0.5×: ${Math.min(throughput1, throughput3) >= 0.5 ? "met" : "MISSED"}`,
    );
    console.log(
      `scale-out 3 workers / 1 worker: ${scale.toFixed(2)}× faster · goal ≥ 2.5×: ${scale >= 2.5 ? "met" : "MISSED"}`,
    );
    console.log(
      `load average at end ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await stopLocalDatabase({ folder: localFolder });
    await pg.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
