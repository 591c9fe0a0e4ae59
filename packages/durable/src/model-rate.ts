import { DBOS } from "@dbos-inc/dbos-sdk";
import pg from "pg";
import { DurableError } from "./durable-error.js";

/**
 * A limit on model requests shared by every worker of one agent, whatever machine it runs
 * on (providers limit per API key, not per machine): at most `limit` requests per `periodSec`.
 */
export interface ModelRate {
  /** Most model requests started in any `periodSec` window. */
  limit: number;
  /** The window, in seconds (fractions allowed, e.g. `0.5`). */
  periodSec: number;
}

/** The DBOS queue whose rate limit paces the model requests of `agent`'s runs. */
export function modelRateQueueName(agent: string): string {
  return `tinyloop.model-requests.${agent}`;
}

/** How often a worker looks for permits it may start, in ms (DBOS's default is 1000). */
export const MODEL_RATE_POLL_MS = 100;

/** How often a run waiting for its permit looks whether it was granted, in ms. */
const PERMIT_WAIT_POLL_MS = 50;

/**
 * How old (by the database's clock) a permit may be when its run is about to send the
 * request. An older one (its worker was slow to notice it: load, a pause) is not used, so
 * requests cannot bunch up behind permits granted in an earlier window.
 */
export const MAX_PERMIT_AGE_MS = 250;

/** Stale permits taken in a row before a run sends its request anyway. */
const MAX_PERMIT_TRIES = 5;

const EXAMPLE = "modelRate: { limit: 60, periodSec: 60 }";

/**
 * Checks a {@link ModelRate} option. `where` names it in the message.
 * @throws DurableError `OPTIONS_INVALID` naming what is wrong, with an example.
 */
export function checkModelRate(value: unknown, where = "modelRate"): ModelRate {
  const rate = value as Partial<ModelRate> | null;
  if (typeof rate !== "object" || rate === null) {
    throw new DurableError({
      code: "OPTIONS_INVALID",
      message: `${where}: expected an object { limit, periodSec }, got ${JSON.stringify(value)} (example: ${EXAMPLE})`,
    });
  }
  if (!(Number.isInteger(rate.limit) && (rate.limit as number) >= 1)) {
    throw new DurableError({
      code: "OPTIONS_INVALID",
      message: `${where}.limit: expected a whole number of requests, 1 or more, got ${JSON.stringify(rate.limit)} (example: ${EXAMPLE})`,
    });
  }
  const period = rate.periodSec;
  if (!(typeof period === "number" && Number.isFinite(period) && period > 0)) {
    throw new DurableError({
      code: "OPTIONS_INVALID",
      message: `${where}.periodSec: expected a number of seconds above 0, got ${JSON.stringify(period)} (example: ${EXAMPLE})`,
    });
  }
  return { limit: rate.limit as number, periodSec: period };
}

/** Does nothing: that DBOS started it is the permit its queue's rate limit counts. */
async function modelRequestPermit(): Promise<void> {}

let registeredPermit: (() => Promise<void>) | undefined;

/** Registers the permit workflow with DBOS (before launch; once per process). */
export function registerModelRequestPermit(): void {
  registeredPermit ??= DBOS.registerWorkflow(modelRequestPermit, {
    name: "tinyloop.model-request-permit",
  });
}

/**
 * Registers (or updates) `agent`'s rate-limited permit queue in the database, after launch:
 * the last worker started sets the limit for all, as for the run queue's concurrency.
 */
export async function registerModelRateQueue(agent: string, rate: ModelRate): Promise<void> {
  await DBOS.registerQueue(modelRateQueueName(agent), {
    rateLimit: { limitPerPeriod: rate.limit, periodSec: rate.periodSec },
    minPollingIntervalMs: MODEL_RATE_POLL_MS,
    onConflict: "always_update",
  });
}

/** Reads how old a permit is, by the database's clock; one per worker. */
export class PermitClock {
  readonly #pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    this.#pool.on("error", () => {}); // a dropped idle connection is replaced on next use
  }

  /** Milliseconds since DBOS started permit `id` (DBOS's own system tables, schema `dbos`). */
  async ageMs(id: string): Promise<number> {
    const { rows } = await this.#pool.query<{ age: string | null }>(
      `select (extract(epoch from clock_timestamp()) * 1000)::bigint - started_at_epoch_ms as age
         from dbos.workflow_status where workflow_uuid = $1`,
      [id],
    );
    return Number(rows[0]?.age ?? 0);
  }

  async close(): Promise<void> {
    await this.#pool.end().catch(() => {});
  }
}

/**
 * Inside a run's workflow: waits until DBOS's rate-limited queue of `agent` starts a permit
 * for this model request, and takes another when the permit is already older than
 * {@link MAX_PERMIT_AGE_MS} (at most 5 in a row). Permits and their ages are steps of the
 * run, so a replayed run gets them back and does not wait again.
 */
export async function takeModelRequestPermit(agent: string, clock: PermitClock): Promise<void> {
  if (!registeredPermit) throw new Error("model rate: the permit workflow is not registered");
  for (let tries = 1; ; tries++) {
    const handle = await DBOS.startWorkflow(registeredPermit, {
      queueName: modelRateQueueName(agent),
    })();
    await handle.getResult({ pollingIntervalMs: PERMIT_WAIT_POLL_MS });
    const age = await DBOS.runStep(() => clock.ageMs(handle.workflowID), {
      name: "model-permit-age",
    });
    if (age <= MAX_PERMIT_AGE_MS || tries >= MAX_PERMIT_TRIES) return;
  }
}
