import type { Command } from "commander";
import { modelRateFlag } from "../durable/model-rate-flag.js";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { addModelOptions, maxTurnsOption } from "../model-options.js";
import { allowNoServersOption, toolSearchOption, wholeNumber } from "../option-values.js";
import { addServerListOptions, addServerOptions } from "../server-options.js";

const DB_HELP =
  "the Postgres database that keeps the runs (default: $TINYLOOP_DATABASE_URL, else a local database)";
const MODEL_RATE_HELP =
  "most model requests per period, shared by every worker of the agent (e.g. 60/m, 10/s, 500/5m)";

/** Adds `worker`, `submit` and `runs` (durable runs on Postgres) to the program. */
export function registerDurableCommands(
  program: Command,
  io: Io,
  lifecycle: Lifecycle,
  result: { code: number },
): void {
  const worker = program
    .command("worker")
    .description("take the durable runs queued for an agent until stopped (runs every tool call)")
    .argument("[agent]", "agent folder or file (as for run)")
    .option("--db <url>", DB_HELP)
    .option("--concurrency <n>", "most runs at once in this worker", wholeNumber(1), 4)
    .option("--model-rate <n/period>", MODEL_RATE_HELP, modelRateFlag);
  addModelOptions(worker)
    .addOption(maxTurnsOption("run"))
    .addOption(toolSearchOption())
    .addOption(allowNoServersOption());
  addServerOptions(worker).action(async (agent: string | undefined, flags) => {
    const { workerCommand } = await import("./worker.js");
    result.code = await workerCommand(agent, flags, io, lifecycle);
  });

  program
    .command("submit")
    .description("queue one durable run for an agent's workers and print its id")
    .argument("[agent]", "agent folder or file (as for run and worker)")
    .option("-p, --prompt <text>", "the run's text")
    .option("--db <url>", DB_HELP)
    .option("--wait", "wait for the run and print its answer (exit code as for run -p)")
    .option(
      "--timeout <seconds>",
      "deadline from when a worker starts the run; past it the run is cancelled",
      wholeNumber(1),
    )
    .action(async (agent: string | undefined, flags) => {
      const { submitCommand } = await import("./submit.js");
      result.code = await submitCommand(agent, flags, io, lifecycle);
    });

  const batch = program
    .command("batch")
    .description("one durable run per line of a JSONL file, results in input order; resumes")
    .argument("<agent>", "agent folder or file (as for run and worker)")
    .argument("<inputs>", 'JSONL file: one JSON string or {"prompt": "…"} per line')
    .option("--out <file>", "where to write the results (JSONL, in input order)")
    .option("--db <url>", DB_HELP)
    .option(
      "--workers <n>",
      "worker processes to start (0: use workers running elsewhere)",
      wholeNumber(0),
      1,
    )
    .option("--model-rate <n/period>", MODEL_RATE_HELP, modelRateFlag);
  // The model and servers of the workers it starts (handed on as these same flags).
  addServerListOptions(addModelOptions(batch).addOption(maxTurnsOption("run"))).action(
    async (agent: string, inputs: string, flags) => {
      const { batchCommand } = await import("./batch.js");
      result.code = await batchCommand(agent, inputs, flags, io, lifecycle);
    },
  );

  program
    .command("runs")
    .description(
      "list durable runs and their outcomes; with ID show its steps, tool calls and result",
    )
    .argument("[id]", "a run's id (from submit or the list), or a unique start of it")
    .option("--db <url>", DB_HELP)
    .option("--cancel", "cancel the run ID (queued or running)")
    .option("--stop-db", "stop the local runs database (the one used when no --db is given)")
    .option("--json", "print JSON")
    .action(async (id: string | undefined, flags) => {
      const { runsCommand } = await import("./runs.js");
      result.code = await runsCommand(id, flags, io, lifecycle);
    });
}
