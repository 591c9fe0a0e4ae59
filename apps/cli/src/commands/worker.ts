import { describeProviderPlan } from "@tinyloop/agent-files";
import {
  checkDatabase,
  type DurableWorker,
  isAnswered,
  type ModelRate,
  onBatchGone,
  type RunEnd,
  startDurableWorker,
} from "@tinyloop/durable";
import { queueAgentName } from "../durable/queue-agent-name.js";
import { runsDatabase } from "../durable/runs-database.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { prepareRun } from "../run/prepare-run.js";
import type { RunFlags } from "../run/run-flags.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openSession } from "../session/open-session.js";
import { startSession } from "../session/start-session.js";
import { unattendedProgress } from "../session/unattended-progress.js";
import { styleFor } from "../terminal/style.js";

/** Flags of `tinyloop worker`. */
export interface WorkerFlags extends Partial<RunFlags> {
  db?: string;
  concurrency: number;
  /** `--model-rate N/PERIOD`: the shared limit on model requests. */
  modelRate?: ModelRate;
}

/** How long a stopping worker waits for its running steps (then the rest resume elsewhere). */
const DRAIN_MS = 120_000;

/**
 * The worker's line for a run that ended without an answer (a cancelled one aside: someone
 * asked for it): `tinyloop: run ID failed: Model file not found: …`.
 */
function runEndLine(run: RunEnd): string | undefined {
  if (isAnswered(run.outcome) || run.outcome === "cancelled") return undefined;
  const why = run.error ?? (run.outcome === "max-turns" ? "it used all its turns" : undefined);
  return `tinyloop: run ${run.id} ${run.outcome}${why === undefined ? "" : `: ${why}`}`;
}

/**
 * `tinyloop worker AGENT --db URL`: takes the durable runs queued for the agent until
 * stopped. The database is checked before any MCP server starts. SIGTERM / Ctrl+C let the
 * running steps finish, then exit; unfinished runs resume on other workers.
 */
export async function workerCommand(
  agentArg: string | undefined,
  flags: WorkerFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stderr, flags, io.env);
  // The agent and its model first: a model refused (a hosted id without its key) starts no database.
  const prepared = await prepareRun(agentArg, flags, io);
  const { spec } = prepared;
  const databaseUrl = await runsDatabase(flags.db, io);
  await checkDatabase(databaseUrl, { where: flags.db === undefined ? undefined : "--db" });

  let worker: DurableWorker | undefined;
  const starting = startSession(prepared, flags, io, lifecycle, async () => worker?.stop());
  process.prependOnceListener("SIGTERM", () => void lifecycle.close(DRAIN_MS));
  // Started by `batch`: when that process is gone, even SIGKILLed, stop as on SIGTERM.
  onBatchGone(() => {
    void lifecycle.close(DRAIN_MS);
    void lifecycle.exit(EXIT.terminated);
  });

  // The file's toolCallFormat and reasoning apply to durable runs as to `run`. Nobody
  // approves calls here: a worker runs every tool call (see the README).
  const progress = unattendedProgress(io, style, { verbose: flags.verbose === true, lifecycle });
  const session = await openSession(
    starting,
    { model: { settingNames: FLAG_HINTS.modelSettings }, progress },
    { flags, io, lifecycle, style, statusLine: progress },
  );
  if (typeof session === "number") return session;
  const { systemPrompt, maxTurns, toolConcurrency, toolSearch } = session.settings();
  const agent = queueAgentName(spec);
  worker = await startDurableWorker({
    databaseUrl,
    agent,
    concurrency: flags.concurrency,
    ...(flags.modelRate ? { modelRate: flags.modelRate } : {}),
    onRunEnd: (run) => {
      const line = runEndLine(run);
      if (line !== undefined) io.stderr.write(`${line}\n`);
    },
    ...(flags.verbose ? { log: (line: string) => io.stderr.write(`${style.dim(line)}\n`) } : {}),
    agentOptions: {
      model: session.model,
      registry: session.registry,
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(maxTurns === undefined ? {} : { maxTurns }),
      ...(toolConcurrency === undefined ? {} : { toolConcurrency }),
      ...(toolSearch === undefined ? {} : { toolSearch }),
    },
  });
  io.stderr.write(
    `${style.bold("tinyloop worker")} · agent ${agent} · model: ${describeProviderPlan(prepared.plan)} · ${session.registry.list().length} tools · up to ${flags.concurrency} runs at once${flags.modelRate ? ` · at most ${flags.modelRate.limit} model requests per ${flags.modelRate.periodSec} s (all workers)` : ""} · worker ${worker.executorId}\n` +
      style.dim(
        "SIGTERM or Ctrl+C stops: running steps finish, unfinished runs resume on other workers.\n",
      ),
  );
  // Work until a signal closes everything and exits the process.
  return new Promise<number>(() => {});
}
