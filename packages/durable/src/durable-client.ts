import { randomUUID } from "node:crypto";
import { DBOSClient, type WorkflowStatus } from "@dbos-inc/dbos-sdk";
import { checkDatabase } from "./check-database.js";
import { dbosDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";
import { findRun } from "./find-run.js";
import { type MigrationLog, quietMigrate } from "./quiet-migrate.js";
import {
  agentResultOf,
  type FinishedOutcome,
  isFinished,
  messageOf,
  outcomeOfStatus,
  type RunOutcome,
} from "./run-outcome.js";
import {
  DURABLE_NAMES,
  type DurableRunInput,
  type DurableRunResult,
  runQueueName,
} from "./run-types.js";

type StepInfo = NonNullable<Awaited<ReturnType<DBOSClient["listWorkflowSteps"]>>>[number];

/** One run as listed. */
export interface RunSummary {
  id: string;
  /** The agent it was queued for. */
  agent: string;
  /** Where it is, or how it ended, in tinyloop's words: see {@link RunOutcome}. */
  outcome: RunOutcome;
  /** Why it failed, timed out or was cancelled. */
  error?: string;
  createdAt: number;
  /** The worker running (or that ran) it. */
  executorId?: string;
}

/** One checkpointed step of a run. */
export interface RunStepRecord {
  /** `turn-1/model`, `turn-1/tool-0/<call id>`, … (`…/started` marks are left out). */
  name: string;
  /** What the step returned: the model's turn, or the tool call's result. */
  output: unknown;
  error?: string;
}

/** One run with its steps and result. */
export interface RunDetails extends RunSummary {
  prompt?: string;
  steps: RunStepRecord[];
  /** The agent's `done` event, once the agent ended the run. */
  result?: DurableRunResult;
}

/** How a run ended: the agent's `done` event as JSON, and the outcome in tinyloop's words. */
export interface RunResult extends DurableRunResult {
  outcome: FinishedOutcome;
}

/** Options of {@link DurableClient.submit}. */
export interface SubmitOptions {
  /** The run's id (default a random UUID). Submitting an id again returns the same run. */
  id?: string;
  /** A deadline, in ms from when a worker starts the run: past it the run is cancelled. */
  timeoutMs?: number;
}

/**
 * Submits, lists, shows, waits for and cancels durable runs; see {@link openDurableClient}.
 * `result`, `show` and `cancel` take a run's id or a unique start of it.
 */
export interface DurableClient {
  /** Queues one run of `agent` and resolves to its id. */
  submit(agent: string, prompt: string, options?: SubmitOptions): Promise<string>;
  /**
   * Waits until the run ends and resolves to how it ended: every outcome resolves (a run
   * cancelled, past its deadline or failed says why in `error`).
   * @throws DurableError `RUN_NOT_FOUND`, `RUN_ID_AMBIGUOUS`.
   */
  result(id: string): Promise<RunResult>;
  /** The most recent runs first (default 50); with `ids`, those runs (any not stored left out). */
  list(options?: { limit?: number; ids?: readonly string[] }): Promise<RunSummary[]>;
  /** One run with its steps. @throws DurableError `RUN_NOT_FOUND`, `RUN_ID_AMBIGUOUS`. */
  show(id: string): Promise<RunDetails>;
  /**
   * Cancels a queued or running run and resolves to its full id.
   * @throws DurableError `RUN_NOT_FOUND`, `RUN_ID_AMBIGUOUS`.
   */
  cancel(id: string): Promise<string>;
  close(): Promise<void>;
}

const agentOf = (queue: string | undefined) =>
  queue?.startsWith(runQueueName("")) ? queue.slice(runQueueName("").length) : (queue ?? "");

const summaryOf = (status: WorkflowStatus): RunSummary => {
  // The input names the agent: DBOS forgets the queue of a run cancelled while queued.
  const input = status.input?.[0] as DurableRunInput | undefined;
  const { outcome, error } = outcomeOfStatus(status);
  return {
    id: status.workflowID,
    agent: input?.agent ?? agentOf(status.queueName),
    outcome,
    ...(error === undefined ? {} : { error }),
    createdAt: status.createdAt,
    ...(status.executorId ? { executorId: status.executorId } : {}),
  };
};

const stepOf = (step: StepInfo): RunStepRecord => ({
  name: step.name,
  output: step.output,
  ...(step.error ? { error: messageOf(step.error) } : {}),
});

/** How a finished run ended, for `result`: the agent's result, else what stopped it. */
function resultOf(status: WorkflowStatus, steps: readonly StepInfo[]): RunResult {
  const { outcome, error } = outcomeOfStatus(status);
  const base: DurableRunResult = agentResultOf(status) ?? {
    reason: outcome === "failed" ? "error" : "aborted",
    turns: steps.filter((step) => step.name.endsWith("/model")).length,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  return {
    ...base,
    outcome: isFinished(outcome) ? outcome : "failed",
    ...(error === undefined ? {} : { error }),
  };
}

/** Options of {@link openDurableClient}. */
export interface OpenDurableClientOptions {
  /** Where DBOS's lines while it sets up the database's tables go (a `--verbose` log). Default: nowhere. */
  log?: MigrationLog;
}

/**
 * Opens a client on the runs database (checking first that it answers; creating DBOS's
 * tables when no worker has yet).
 * @throws DurableError `OPTIONS_INVALID` for a bad URL, `DATABASE_UNREACHABLE`.
 */
export async function openDurableClient(
  databaseUrl: string,
  options: OpenDurableClientOptions = {},
): Promise<DurableClient> {
  await checkDatabase(databaseUrl);
  // A client may come first (submit before any worker started): create DBOS's tables.
  await quietMigrate(databaseUrl, options.log);
  const client = await DBOSClient.create({
    systemDatabaseUrl: dbosDatabaseUrl(databaseUrl),
    applicationName: DURABLE_NAMES.application,
  });
  const statusOf = (id: string) => findRun(client, id);
  return {
    submit: async (agent, prompt, options = {}) => {
      const { timeoutMs } = options;
      if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
        throw new DurableError({
          code: "OPTIONS_INVALID",
          message: `submit: timeoutMs: expected a positive whole number of milliseconds, got ${JSON.stringify(timeoutMs)} (example: timeoutMs: 600000)`,
        });
      }
      const id = options.id ?? randomUUID();
      const input: DurableRunInput = { prompt, agent, timed: timeoutMs !== undefined };
      await client.enqueue(
        {
          workflowName: DURABLE_NAMES.workflow,
          queueName: runQueueName(agent),
          workflowID: id,
          workflowIDReusePolicy: "return-existing",
          appVersion: DURABLE_NAMES.applicationVersion,
          ...(timeoutMs === undefined ? {} : { workflowTimeoutMS: timeoutMs }),
        },
        input,
      );
      return id;
    },
    result: async (id) => {
      const { workflowID } = await statusOf(id);
      try {
        await client.retrieveWorkflow<DurableRunResult>(workflowID).getResult();
      } catch (error) {
        // The run ended otherwise (cancelled, failed): said below; else the database failed.
        if (!isFinished(outcomeOfStatus(await statusOf(workflowID)).outcome)) throw error;
      }
      const status = await statusOf(workflowID);
      return resultOf(status, (await client.listWorkflowSteps(workflowID)) ?? []);
    },
    list: async (options = {}) => {
      if (options.ids?.length === 0) return [];
      const runs = await client.listWorkflows({
        workflowName: DURABLE_NAMES.workflow,
        sortDesc: true,
        ...(options.ids ? { workflowIDs: [...options.ids] } : { limit: options.limit ?? 50 }),
        // The input names the agent, the output holds the agent's outcome.
        loadInput: true,
        loadOutput: true,
      });
      return runs.map(summaryOf);
    },
    show: async (id) => {
      const status = await statusOf(id);
      const result = agentResultOf(status);
      const steps = ((await client.listWorkflowSteps(status.workflowID)) ?? [])
        .filter((step) => !step.name.endsWith("/started"))
        .map(stepOf);
      const input = status.input?.[0] as DurableRunInput | undefined;
      return {
        ...summaryOf(status),
        ...(input?.prompt === undefined ? {} : { prompt: input.prompt }),
        steps,
        ...(result ? { result } : {}),
      };
    },
    cancel: async (id) => {
      const { workflowID } = await statusOf(id);
      await client.cancelWorkflow(workflowID);
      return workflowID;
    },
    close: () => client.destroy(),
  };
}
