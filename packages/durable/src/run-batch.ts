import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import type { BatchInput } from "./batch-inputs.js";
import { BatchWorkers, type StoppedWorker } from "./batch-workers.js";
import { type DurableClient, openDurableClient, type RunResult } from "./durable-client.js";
import { DurableError } from "./durable-error.js";
import { isAnswered, isFinished, type RunOutcome } from "./run-outcome.js";
import { outlastOutage } from "./wait-for-database.js";

/** Options of {@link runBatch}. */
export interface RunBatchOptions {
  /** The Postgres database runs are kept in. */
  databaseUrl: string;
  /** The agent whose workers run the inputs. */
  agent: string;
  /**
   * Names the batch: the same name and inputs give the same run ids, so a batch run again
   * (after a crash, a Ctrl+C) runs only the inputs not yet finished. The CLI uses the
   * results file's absolute path.
   */
  name: string;
  /** One run each, keys unique in the batch. */
  inputs: readonly BatchInput[];
  /**
   * Worker processes to start for the batch (none: workers run elsewhere). `start(index)`
   * starts one (the caller knows its program and flags); they are stopped with SIGTERM when
   * the batch ends, and the batch fails when every one stopped on its own.
   */
  workers?: { count: number; start: (index: number) => ChildProcess };
  /** Told what happens, in order: see {@link BatchEvent}. */
  onEvent?: (event: BatchEvent) => void;
  /** Stops waiting (the runs stay queued; run the batch again to go on). */
  signal?: AbortSignal;
  /** How often to look at the runs, in ms. Default 500. */
  pollIntervalMs?: number;
}

/** Counts of a batch's runs at one moment. */
export interface BatchCounts {
  total: number;
  /** Ended with an answer (`completed`) or a question (`asked`). */
  done: number;
  running: number;
  /** Ended otherwise: failed, cancelled, timed out, out of turns. */
  failed: number;
}

/**
 * What {@link runBatch} reports, in this order: `submitted` once, then a `progress` each
 * time the counts change (the last one with every run finished); `worker-stopped`,
 * `database-down` and `database-back` whenever they happen.
 */
export type BatchEvent =
  | { type: "submitted"; total: number; alreadyFinished: number }
  | ({ type: "progress"; finishedHere: number; elapsedMs: number } & BatchCounts)
  | ({ type: "worker-stopped" } & StoppedWorker)
  | { type: "database-down"; message: string }
  | { type: "database-back"; message: string };

/** One input's run and how it ended. */
export interface BatchRunResult extends RunResult {
  /** The input's key. */
  key: number | string;
  /** The run's id. */
  id: string;
}

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

/** The id of an input's run: from the batch's name, the input's key and its prompt. */
export function batchRunId(name: string, input: BatchInput): string {
  return `batch-${hash(name).slice(0, 12)}-${input.key}-${hash(input.prompt).slice(0, 8)}`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const countsOf = (outcomes: ReadonlyMap<string, RunOutcome>, ids: readonly string[]) => {
  const counts: BatchCounts = { total: ids.length, done: 0, running: 0, failed: 0 };
  for (const id of ids) {
    const outcome = outcomes.get(id) ?? "queued";
    if (outcome === "running") counts.running++;
    else if (isAnswered(outcome)) counts.done++;
    else if (isFinished(outcome)) counts.failed++;
  }
  return counts;
};

/**
 * Runs one durable run per input and resolves to their results in input order, once every
 * run has ended (whatever the way). Run ids come from the batch's name and each input
 * ({@link batchRunId}): inputs already submitted are not submitted again, and the runs of
 * a batch run before go on where they were. A database that goes away meanwhile is waited
 * for (`database-down`, `database-back`).
 * @throws DurableError `BATCH_WORKERS_STOPPED` when every worker it started stopped,
 * `DATABASE_UNREACHABLE`, `OPTIONS_INVALID`; the signal's reason when aborted.
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchRunResult[]> {
  const { databaseUrl, inputs, onEvent, signal } = options;
  const outlasting = <T>(operation: () => Promise<T>) =>
    outlastOutage(databaseUrl, operation, {
      onDown: (down) => onEvent?.({ type: "database-down", message: down.message }),
      onBack: (back) => onEvent?.({ type: "database-back", message: back.message }),
      ...(signal ? { signal } : {}),
    });
  const ids = inputs.map((input) => batchRunId(options.name, input));
  const client = await openDurableClient(databaseUrl);
  let workers: BatchWorkers | undefined;
  try {
    const outcomes = new Map(
      (await outlasting(() => client.list({ ids }))).map((run) => [run.id, run.outcome]),
    );
    const alreadyFinished = ids.filter((id) => isFinished(outcomes.get(id) ?? "queued")).length;
    for (const [index, input] of inputs.entries()) {
      const id = ids[index] as string;
      if (!outcomes.has(id)) {
        await outlasting(() => client.submit(options.agent, input.prompt, { id }));
      }
    }
    onEvent?.({ type: "submitted", total: ids.length, alreadyFinished });
    if (options.workers && alreadyFinished < ids.length) {
      workers = new BatchWorkers(options.workers.count, options.workers.start, (stopped) =>
        onEvent?.({ type: "worker-stopped", ...stopped }),
      );
    }
    await untilFinished(client, ids, outcomes, {
      alreadyFinished,
      outlasting,
      workers,
      options,
    });
    const results: BatchRunResult[] = [];
    for (const [index, input] of inputs.entries()) {
      const id = ids[index] as string;
      results.push({ key: input.key, id, ...(await outlasting(() => client.result(id))) });
    }
    return results;
  } finally {
    await workers?.stop();
    await client.close();
  }
}

/** Looks at the unfinished runs until all have ended, reporting each change of the counts. */
async function untilFinished(
  client: DurableClient,
  ids: readonly string[],
  outcomes: Map<string, RunOutcome>,
  context: {
    alreadyFinished: number;
    outlasting: <T>(operation: () => Promise<T>) => Promise<T>;
    workers: BatchWorkers | undefined;
    options: RunBatchOptions;
  },
): Promise<void> {
  const { outlasting, workers, options } = context;
  const started = Date.now();
  let last = "";
  while (true) {
    // Only runs not yet finished are looked at again: a finished run does not change.
    const open = ids.filter((id) => !isFinished(outcomes.get(id) ?? "queued"));
    for (const run of await outlasting(() => client.list({ ids: open }))) {
      outcomes.set(run.id, run.outcome);
    }
    const counts = countsOf(outcomes, ids);
    const finished = counts.done + counts.failed;
    const key = `${counts.done}/${counts.running}/${counts.failed}`;
    if (key !== last) {
      options.onEvent?.({
        type: "progress",
        ...counts,
        finishedHere: finished - context.alreadyFinished,
        elapsedMs: Date.now() - started,
      });
      last = key;
    }
    if (finished === ids.length) return;
    if (workers?.allStopped) {
      const which = workers.stopped
        .map(
          (stopped) =>
            `worker ${stopped.worker}: ${stopped.code === null ? `signal ${stopped.signal}` : `exit code ${stopped.code}`}`,
        )
        .join(", ");
      throw new DurableError({
        code: "BATCH_WORKERS_STOPPED",
        message: `Every worker process this batch started stopped before its runs finished (${which}); ${ids.length - finished} runs are still queued: run the batch again once the workers can start.`,
      });
    }
    await sleep(options.pollIntervalMs ?? 500, options.signal);
  }
}
