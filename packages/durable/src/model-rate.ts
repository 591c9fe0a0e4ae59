import { DBOS } from "@dbos-inc/dbos-sdk";
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

/**
 * Inside a run's workflow: waits until DBOS's rate-limited queue of `agent` starts a permit
 * for this model request. The permit is a child workflow, so a replayed run gets its stored
 * permit back and does not wait again.
 */
export async function takeModelRequestPermit(agent: string): Promise<void> {
  if (!registeredPermit) throw new Error("model rate: the permit workflow is not registered");
  const handle = await DBOS.startWorkflow(registeredPermit, {
    queueName: modelRateQueueName(agent),
  })();
  await handle.getResult({ pollingIntervalMs: PERMIT_WAIT_POLL_MS });
}
