import { randomUUID } from "node:crypto";
import { DBOSClient, type WorkflowStatus } from "@dbos-inc/dbos-sdk";
import { checkDatabase } from "./check-database.js";
import { dbosDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";
import { type MigrationLog, quietMigrate } from "./quiet-migrate.js";
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
  /** The agent whose queue it is in. */
  agent: string;
  /** DBOS's status: `ENQUEUED`, `PENDING` (running), `SUCCESS`, `ERROR`, `CANCELLED`, … */
  status: string;
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
  result?: DurableRunResult;
  error?: string;
}

/** Options of {@link DurableClient.submit}. */
export interface SubmitOptions {
  /** The run's id (default a random UUID). Submitting an id again returns the same run. */
  id?: string;
  /** A deadline, in ms from when a worker starts the run: past it the run is cancelled. */
  timeoutMs?: number;
}

/** Submits, lists, shows, waits for and cancels durable runs; see {@link openDurableClient}. */
export interface DurableClient {
  /** Queues one run of `agent` and resolves to its id. */
  submit(agent: string, prompt: string, options?: SubmitOptions): Promise<string>;
  /**
   * Waits until the run ends and resolves to its result; a run cancelled (or past its
   * deadline) before it finished resolves to `reason: "aborted"` saying so.
   */
  result(id: string): Promise<DurableRunResult>;
  /** The most recent runs first (default 50); with `ids`, those runs (any not stored left out). */
  list(options?: { limit?: number; ids?: readonly string[] }): Promise<RunSummary[]>;
  /** One run with its steps. @throws DurableError `RUN_NOT_FOUND`. */
  show(id: string): Promise<RunDetails>;
  /** Cancels a queued or running run. @throws DurableError `RUN_NOT_FOUND`. */
  cancel(id: string): Promise<void>;
  close(): Promise<void>;
}

const agentOf = (queue: string | undefined) =>
  queue?.startsWith(runQueueName("")) ? queue.slice(runQueueName("").length) : (queue ?? "");

const summaryOf = (status: WorkflowStatus): RunSummary => ({
  id: status.workflowID,
  agent: agentOf(status.queueName),
  status: status.status,
  createdAt: status.createdAt,
  ...(status.executorId ? { executorId: status.executorId } : {}),
});

const messageOf = (error: unknown) =>
  error instanceof Error
    ? error.message
    : typeof error === "string"
      ? error
      : JSON.stringify(error);

const stepOf = (step: StepInfo): RunStepRecord => ({
  name: step.name,
  output: step.output,
  ...(step.error ? { error: messageOf(step.error) } : {}),
});

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
  const statusOf = async (id: string) => {
    const [status] = await client.listWorkflows({
      workflowIDs: [id],
      loadInput: true,
      loadOutput: true,
    });
    if (!status || status.workflowName !== DURABLE_NAMES.workflow) {
      throw new DurableError({
        code: "RUN_NOT_FOUND",
        message: `No run with id "${id}" in this database. List the runs to see their ids.`,
      });
    }
    return status;
  };
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
      const input: DurableRunInput = { prompt, agent };
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
      await statusOf(id);
      try {
        return (await client
          .retrieveWorkflow<DurableRunResult>(id)
          .getResult()) as DurableRunResult;
      } catch (error) {
        const status = await statusOf(id);
        if (status.status !== "CANCELLED") throw error;
        const steps = (await client.listWorkflowSteps(id)) ?? [];
        return {
          reason: "aborted",
          turns: steps.filter((step) => step.name.endsWith("/model")).length,
          usage: { inputTokens: 0, outputTokens: 0 },
          error: `Run ${id} was cancelled before it finished (cancelled, or past its deadline).`,
        };
      }
    },
    list: async (options = {}) => {
      if (options.ids?.length === 0) return [];
      const runs = await client.listWorkflows({
        workflowName: DURABLE_NAMES.workflow,
        sortDesc: true,
        ...(options.ids ? { workflowIDs: [...options.ids] } : { limit: options.limit ?? 50 }),
        loadInput: false,
        loadOutput: false,
      });
      return runs.map(summaryOf);
    },
    show: async (id) => {
      const status = await statusOf(id);
      const steps = ((await client.listWorkflowSteps(id)) ?? [])
        .filter((step) => !step.name.endsWith("/started"))
        .map(stepOf);
      const input = status.input?.[0] as DurableRunInput | undefined;
      const summary = summaryOf(status);
      return {
        ...summary,
        agent: summary.agent || (input?.agent ?? ""),
        ...(input?.prompt === undefined ? {} : { prompt: input.prompt }),
        steps,
        ...(status.output === undefined || status.output === null
          ? {}
          : { result: status.output as DurableRunResult }),
        ...(status.error ? { error: messageOf(status.error) } : {}),
      };
    },
    cancel: async (id) => {
      await statusOf(id);
      await client.cancelWorkflow(id);
    },
    close: () => client.destroy(),
  };
}
