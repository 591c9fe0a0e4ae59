// One side of the step-cost benchmark, in a process of its own (DBOS keeps one worker per
// process): `runs` runs of `turns` instant tool turns, one after another, in memory or
// durably on the database given. Prints one JSON line: each run's time from its first model
// call to its last, and this process's CPU time over all runs.
import { Agent } from "@tinyloop/agent-loop";
import type { ChatModel } from "@tinyloop/inference-adapters";
import { openDurableClient, startDurableWorker } from "../src/index.js";
import { benchAgentOptions } from "./bench-agent.js";

const { databaseUrl, runs, turns } = JSON.parse(process.argv[2] ?? "{}") as {
  databaseUrl?: string;
  runs: number;
  turns: number;
};

const options = benchAgentOptions(turns, 0);
let first = 0;
let last = 0;
const inner = options.model;
const model: ChatModel = {
  ...inner,
  async *stream(request) {
    if (first === 0) first = performance.now();
    yield* inner.stream(request);
    last = performance.now();
  },
};
const runTimes: number[] = [];
const measured = async (run: () => Promise<void>) => {
  first = 0;
  await run();
  runTimes.push(last - first);
};

let cpu: NodeJS.CpuUsage;
if (databaseUrl === undefined) {
  cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    await measured(async () => {
      for await (const _ of new Agent({ ...options, model }).run(`Run ${i}`)) {
        // the events are not measured
      }
    });
  }
  cpu = process.cpuUsage(cpu);
} else {
  const agent = `bench-steps-${process.pid}`;
  const worker = await startDurableWorker({
    databaseUrl,
    agent,
    agentOptions: { ...options, model },
    concurrency: 1,
    logLevel: "error",
  });
  const client = await openDurableClient(databaseUrl);
  cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    await measured(async () => {
      const result = await client.result(await client.submit(agent, `Run ${i}`));
      if (result.reason !== "completed") throw new Error(`run ${i} ended ${result.reason}`);
    });
  }
  cpu = process.cpuUsage(cpu);
  await client.close();
  await worker.stop();
}
process.stdout.write(
  `${JSON.stringify({ runTimes, cpuMs: (cpu.user + cpu.system) / 1000, runs, turns })}\n`,
);
process.exit(0);
