import { DBOS } from "@dbos-inc/dbos-sdk";
// Not on DBOS's main entry: recovery of another executor's workflows (its Conductor does this
// in DBOS's cloud). The update it runs is atomic, so two workers recovering at once is safe.
import { DBOSExecutor } from "@dbos-inc/dbos-sdk/internal/dbos-executor";
import pg from "pg";
import { DURABLE_NAMES } from "./run-types.js";

/** First key of tinyloop's advisory locks (the second is the worker id's hash). */
const LOCK_SPACE = 0x7417;

/** Waits between tries to take the lock again after the database went away. */
const RELOCK_BACKOFF_MS = { first: 250, max: 2000 };

/**
 * After taking its lock again, how long a worker waits before it judges other workers: they
 * lost their locks in the same outage and retake them within a backoff step ({@link
 * RELOCK_BACKOFF_MS}.max), so a live worker is not taken for a gone one.
 */
export const RELOCK_GRACE_MS = 3 * RELOCK_BACKOFF_MS.max;

const lockQuery = "select pg_advisory_lock($1, hashtext($2))";

/**
 * A worker's proof of life: a Postgres session-level advisory lock on its id, held on its
 * own connection for as long as the process lives. When the process dies, its connection
 * closes and Postgres frees the lock at once, so other workers can tell it is gone. When the
 * database goes away (restart, network), the lock is lost with the connection: the worker
 * takes it again as soon as the database is back, and judges no other worker until a grace
 * period has passed, so that they have taken theirs again too.
 */
export class WorkerLiveness {
  readonly #databaseUrl: string;
  readonly #executorId: string;
  #client: pg.Client | undefined;
  /** When the lock was last taken (0 while it is not held). */
  #heldSince = 0;
  #released = false;
  #relocking: Promise<void> | undefined;

  private constructor(databaseUrl: string, executorId: string) {
    this.#databaseUrl = databaseUrl;
    this.#executorId = executorId;
  }

  /** Connects and takes the lock for `executorId`. */
  static async hold(databaseUrl: string, executorId: string): Promise<WorkerLiveness> {
    const liveness = new WorkerLiveness(databaseUrl, executorId);
    await liveness.#lock();
    // The first lock counts as steady at once: nothing was lost yet.
    liveness.#heldSince = Date.now() - RELOCK_GRACE_MS;
    return liveness;
  }

  async #lock(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#databaseUrl });
    client.on("error", () => this.#lost(client));
    client.on("end", () => this.#lost(client));
    try {
      await client.connect();
      await client.query(lockQuery, [LOCK_SPACE, this.#executorId]);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#released) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#heldSince = Date.now();
  }

  /** The lock's connection dropped: take the lock again, with backoff, until released. */
  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#heldSince = 0;
    client.end().catch(() => {});
    this.#relocking ??= (async () => {
      let wait = RELOCK_BACKOFF_MS.first;
      while (!this.#released && this.#client === undefined) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RELOCK_BACKOFF_MS.max);
        if (this.#released) break;
        await this.#lock().catch(() => {});
      }
      this.#relocking = undefined;
    })();
  }

  /** Whether it may judge other workers: its lock is held, and has been for the grace period. */
  get steady(): boolean {
    return this.#client !== undefined && Date.now() - this.#heldSince >= RELOCK_GRACE_MS;
  }

  /** Whether the worker `executorId` is gone: nobody holds its lock. */
  async isGone(executorId: string): Promise<boolean> {
    const client = this.#client;
    if (!client || !this.steady) return false;
    const { rows } = await client.query<{ free: boolean }>(
      "select pg_try_advisory_lock($1, hashtext($2)) as free",
      [LOCK_SPACE, executorId],
    );
    if (rows[0]?.free !== true) return false;
    await client.query("select pg_advisory_unlock($1, hashtext($2))", [LOCK_SPACE, executorId]);
    return true;
  }

  /** Frees the lock (the connection ends): this worker's unfinished runs may be taken over. */
  async release(): Promise<void> {
    this.#released = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
    await this.#relocking;
  }
}

/**
 * Puts the unfinished runs of workers that are gone back in their queues (from their last
 * finished step), and resolves to the ids of those workers. Does nothing while this worker's
 * own lock is not steady (see {@link WorkerLiveness}).
 */
export async function recoverGoneWorkers(
  liveness: WorkerLiveness,
  self: string,
): Promise<string[]> {
  if (!liveness.steady) return [];
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
