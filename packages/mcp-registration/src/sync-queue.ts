import type { RegistrationReport } from "./registration-report.js";

/** What one sync of a server's tools ended with. */
export interface SyncOutcome {
  report: RegistrationReport;
  /** Why the tools could not be listed (the registered ones were kept), if they could not. */
  listFailure: Error | undefined;
}

/** One sync as the queue tracks it. */
export interface SyncJob {
  /** Settles once the sync ran; rejects with what the sync threw. */
  readonly outcome: Promise<SyncOutcome>;
  /** The outcome's report alone (what `sync()` resolves to). */
  readonly report: Promise<RegistrationReport>;
  /** Set by the first re-sync that tells this job's outcome, so that no other tells it again. */
  announced: boolean;
}

/**
 * Where a server's syncs stand. At most one runs and at most one waits behind it; a request
 * made while one waits joins that one (it will list the newest tools anyway).
 *
 * ```
 * idle ──request──► waiting ──start──► running ──settled──► idle
 *                      ▲                  │
 *                      │               request
 *                   settled               ▼
 *                      └────────── running+waiting
 * ```
 * `waiting` and `running+waiting` answer a request with their waiting job.
 */
export type SyncQueueState =
  | { kind: "idle" }
  | { kind: "waiting"; waiting: SyncJob }
  | { kind: "running"; running: SyncJob }
  | { kind: "running+waiting"; running: SyncJob; waiting: SyncJob };

/**
 * The re-sync bookkeeping of one registration: one sync at a time, one waiting behind it
 * at most, each starting once the one before it settled (even when that one rejected).
 */
export class SyncQueue {
  #state: SyncQueueState = { kind: "idle" };
  /** Settles when the last job requested so far has settled (never rejects). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly run: () => Promise<SyncOutcome>) {}

  get state(): SyncQueueState {
    return this.#state;
  }

  /** Settles when every job requested so far has settled; never rejects. */
  settled(): Promise<void> {
    return this.#tail.then(() => undefined);
  }

  /** The waiting job if there is one, else a new one that starts after the running one. */
  request(): SyncJob {
    const state = this.#state;
    if (state.kind === "waiting" || state.kind === "running+waiting") return state.waiting;
    const outcome = this.#tail.then(() => this.#start(job));
    const report = outcome.then((result) => result.report);
    report.catch(() => {}); // a caller that drops the report is not an unhandled rejection
    const job: SyncJob = { outcome, report, announced: false };
    this.#state =
      state.kind === "running"
        ? { kind: "running+waiting", running: state.running, waiting: job }
        : { kind: "waiting", waiting: job };
    this.#tail = outcome.then(
      () => this.#settled(job),
      () => this.#settled(job),
    );
    return job;
  }

  #start(job: SyncJob): Promise<SyncOutcome> {
    this.#state = { kind: "running", running: job };
    return this.run();
  }

  #settled(job: SyncJob): void {
    const state = this.#state;
    if (state.kind === "running" && state.running === job) this.#state = { kind: "idle" };
    else if (state.kind === "running+waiting" && state.running === job) {
      this.#state = { kind: "waiting", waiting: state.waiting };
    }
  }
}
