import { DBOS } from "@dbos-inc/dbos-sdk";
// Not on DBOS's main entry: recovery of another executor's workflows (its Conductor does this
// in DBOS's cloud). The update it runs is atomic, so two workers recovering at once is safe.
import { DBOSExecutor } from "@dbos-inc/dbos-sdk/internal/dbos-executor";
import pg from "pg";
import { DURABLE_NAMES } from "./run-types.js";

/** First key of tinyloop's advisory locks (the second is the worker id's hash). */
const LOCK_SPACE = 0x7417;

/**
 * A worker's proof of life: a Postgres session-level advisory lock on its id, held on its
 * own connection for as long as the process lives. When the process dies, its connection
 * closes and Postgres frees the lock at once, so other workers can tell it is gone.
 */
export class WorkerLiveness {
  readonly #client: pg.Client;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  /** Connects and takes the lock for `executorId`. */
  static async hold(databaseUrl: string, executorId: string): Promise<WorkerLiveness> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("error", () => {}); // a dropped connection is seen by the next query
    await client.connect();
    await client.query("select pg_advisory_lock($1, hashtext($2))", [LOCK_SPACE, executorId]);
    return new WorkerLiveness(client);
  }

  /** Whether the worker `executorId` is gone: nobody holds its lock. */
  async isGone(executorId: string): Promise<boolean> {
    const { rows } = await this.#client.query<{ free: boolean }>(
      "select pg_try_advisory_lock($1, hashtext($2)) as free",
      [LOCK_SPACE, executorId],
    );
    if (rows[0]?.free !== true) return false;
    await this.#client.query("select pg_advisory_unlock($1, hashtext($2))", [
      LOCK_SPACE,
      executorId,
    ]);
    return true;
  }

  /** Frees the lock (the connection ends): this worker's unfinished runs may be taken over. */
  async release(): Promise<void> {
    await this.#client.end().catch(() => {});
  }
}

/**
 * Puts the unfinished runs of workers that are gone back in their queues (from their last
 * finished step), and resolves to the ids of those workers.
 */
export async function recoverGoneWorkers(
  liveness: WorkerLiveness,
  self: string,
): Promise<string[]> {
  const pending = await DBOS.listWorkflows({
    status: "PENDING",
    workflowName: DURABLE_NAMES.workflow,
    loadInput: false,
    loadOutput: false,
  });
  const others = new Set(
    pending.flatMap((run) => (run.executorId && run.executorId !== self ? [run.executorId] : [])),
  );
  const gone: string[] = [];
  for (const executorId of others) {
    if (!(await liveness.isGone(executorId))) continue;
    await DBOSExecutor.globalInstance?.recoverPendingWorkflows([executorId]);
    gone.push(executorId);
  }
  return gone;
}
