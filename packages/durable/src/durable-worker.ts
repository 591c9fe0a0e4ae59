import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { DBOS, DBOSClient } from "@dbos-inc/dbos-sdk";
import {
  type DurableAgentOptions,
  type RunEnd,
  serveAgentRuns,
  stopServingAgentRuns,
} from "./agent-run-workflow.js";
import { checkDatabase } from "./check-database.js";
import { dbosDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";
import {
  checkModelRate,
  type ModelRate,
  modelRateQueueName,
  PermitClock,
  registerModelRateQueue,
} from "./model-rate.js";
import { dbosLoggerTo, type MigrationLog, quietMigrate } from "./quiet-migrate.js";
import { DURABLE_NAMES, runQueueName } from "./run-types.js";
import { StepGate } from "./step-gate.js";
import { recoverGoneWorkers, WorkerLiveness } from "./worker-liveness.js";

/** Puts the agent's run queue in the database (its settings replaced: the last worker started sets them). */
async function registerRunQueue(
  databaseUrl: string,
  queue: string,
  concurrency: number,
  log: MigrationLog,
) {
  const setup = await DBOSClient.create({
    systemDatabaseUrl: dbosDatabaseUrl(databaseUrl),
    applicationName: DURABLE_NAMES.application,
    logger: dbosLoggerTo(log),
  });
  try {
    await setup.registerQueue(queue, {
      workerConcurrency: concurrency,
      minPollingIntervalMs: RUN_QUEUE_POLL_MS,
      onConflict: "always_update",
    });
  } finally {
    await setup.destroy();
  }
}

/** Options of {@link startDurableWorker}. */
export interface DurableWorkerOptions {
  /** The Postgres database runs are kept in (DBOS's system database; created when missing). */
  databaseUrl: string;
  /** The agent's name: the worker takes the runs queued for it. */
  agent: string;
  /** How each run's agent is built: model, registry (with the worker's MCP tools), prompt, … */
  agentOptions: DurableAgentOptions;
  /** Most runs this worker runs at once. Default 4. */
  concurrency?: number;
  /** This worker's id in the database. Default `<host>-<pid>-<random>`, unique per start. */
  executorId?: string;
  /** How often to look for runs of workers that are gone, in ms. Default 1000. */
  recoveryIntervalMs?: number;
  /** DBOS's own log level. Default `"warn"`. */
  logLevel?: string;
  /**
   * A limit on model requests shared by every worker of this agent (on any machine), kept
   * by a DBOS queue's rate limit. Default: none. Give every worker of the agent the same.
   */
  modelRate?: ModelRate;
  /**
   * Told each time a run ends on this worker, with its outcome and (failed, timed out) its
   * error: a worker's log line per failed run.
   */
  onRunEnd?: (run: RunEnd) => void;
  /** Where DBOS's lines while it sets up the database's tables go (a `--verbose` log). Default: nowhere. */
  log?: MigrationLog;
}

/** A running worker. */
export interface DurableWorker {
  readonly executorId: string;
  readonly queue: string;
  /**
   * Stops taking runs, lets the steps already running finish, then lets go: its unfinished
   * runs are resumed by other workers from their last finished step.
   */
  stop(): Promise<void>;
}

let running = false;

/**
 * How often a worker looks for queued runs (DBOS's default is once a second, and DBOS has no
 * wake-up on enqueue): a queued run starts within about this long of a free slot. The look is
 * one short indexed query.
 */
const RUN_QUEUE_POLL_MS = 50;

function positiveInteger(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) return value;
  throw new DurableError({
    code: "OPTIONS_INVALID",
    message: `startDurableWorker: ${name}: expected a positive integer, got ${JSON.stringify(value)} (example: ${name}: ${fallback})`,
  });
}

/**
 * Starts taking the runs queued for `agent`: each run is a DBOS workflow, each model turn and
 * tool call a checkpointed step. Runs of workers that died are taken over from their last
 * finished step. One worker per process.
 * @throws DurableError `OPTIONS_INVALID`, `DATABASE_UNREACHABLE`, `WORKER_RUNNING`.
 */
export async function startDurableWorker(options: DurableWorkerOptions): Promise<DurableWorker> {
  const concurrency = positiveInteger("concurrency", options.concurrency, 4);
  const interval = positiveInteger("recoveryIntervalMs", options.recoveryIntervalMs, 1000);
  const modelRate =
    options.modelRate === undefined
      ? undefined
      : checkModelRate(options.modelRate, "startDurableWorker: modelRate");
  if (typeof options.agent !== "string" || !/^[\w.-]+$/.test(options.agent)) {
    throw new DurableError({
      code: "OPTIONS_INVALID",
      message: `startDurableWorker: agent: expected a name of letters, digits, "_", "-" or ".", got ${JSON.stringify(options.agent)} (example: agent: "triage")`,
    });
  }
  if (running) {
    throw new DurableError({
      code: "WORKER_RUNNING",
      message:
        "startDurableWorker: a worker is already running in this process; stop it first (DBOS keeps one per process).",
    });
  }
  await checkDatabase(options.databaseUrl);
  // A worker may come first: its liveness lock needs the database before DBOS.launch makes it.
  await quietMigrate(options.databaseUrl, options.log);
  running = true;
  const executorId =
    options.executorId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const queue = runQueueName(options.agent);
  const gate = new StepGate();
  let liveness: WorkerLiveness | undefined;
  let permitClock: PermitClock | undefined;
  let sweeping: NodeJS.Timeout | undefined;
  let sweep: Promise<unknown> = Promise.resolve();
  try {
    liveness = await WorkerLiveness.hold(options.databaseUrl, executorId);
    if (modelRate) permitClock = new PermitClock(options.databaseUrl);
    serveAgentRuns(options.agentOptions, gate, {
      ...(permitClock ? { modelRate: { agent: options.agent, clock: permitClock } } : {}),
      ...(options.onRunEnd ? { onRunEnd: options.onRunEnd } : {}),
    });
    DBOS.setConfig({
      name: DURABLE_NAMES.application,
      systemDatabaseUrl: dbosDatabaseUrl(options.databaseUrl),
      executorID: executorId,
      applicationVersion: DURABLE_NAMES.applicationVersion,
      listenQueues: modelRate ? [queue, modelRateQueueName(options.agent)] : [queue],
      logLevel: options.logLevel ?? "warn",
      // Done above, once across processes: launch only checks the tables are there.
      runMigrations: false,
    });
    // Registered before launch: DBOS looks for queues added later only once a second.
    await registerRunQueue(options.databaseUrl, queue, concurrency, options.log ?? (() => {}));
    await DBOS.launch();
    if (modelRate) await registerModelRateQueue(options.agent, modelRate);
  } catch (error) {
    running = false;
    stopServingAgentRuns();
    await liveness?.release();
    await permitClock?.close();
    await DBOS.shutdown().catch(() => {});
    throw error;
  }
  const held = liveness;
  const recover = () => {
    sweep = sweep.then(() => recoverGoneWorkers(held, executorId)).catch(() => {});
  };
  recover();
  sweeping = setInterval(recover, interval);
  let stopping: Promise<void> | undefined;
  return {
    executorId,
    queue,
    stop: () => {
      stopping ??= (async () => {
        clearInterval(sweeping);
        await sweep;
        await gate.drain();
        await DBOS.shutdown();
        await permitClock?.close();
        await held.release();
        stopServingAgentRuns();
        running = false;
      })();
      return stopping;
    },
  };
}
