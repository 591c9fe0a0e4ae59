import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("durable", "DurableError");

/** Stable codes of {@link DurableError}. */
export type DurableErrorCode =
  /** An option is missing or has the wrong type or range (the database URL included). */
  | "OPTIONS_INVALID"
  /** The database could not be reached (host and port in the message). */
  | "DATABASE_UNREACHABLE"
  /** No run of that id is stored. */
  | "RUN_NOT_FOUND"
  /** An id prefix that starts several runs' ids (the message lists them). */
  | "RUN_ID_AMBIGUOUS"
  /** A batch's inputs are not what `runBatch` takes (the message names the line). */
  | "BATCH_INPUTS_INVALID"
  /** Another live batch is writing the same results file (the message names its pid). */
  | "BATCH_RESULTS_LOCKED"
  /** Every worker process a batch started stopped before its runs finished. */
  | "BATCH_WORKERS_STOPPED"
  /** A worker is already running in this process (DBOS keeps one per process). */
  | "WORKER_RUNNING"
  /** The local database could not be created or started (what is missing, or its log). */
  | "LOCAL_DATABASE_FAILED";

/** The one error class of `@tinyloop/durable`. */
export class DurableError extends Error {
  static {
    markErrorClass(DurableError, marker);
  }

  /** What went wrong, stable across versions. */
  readonly code: DurableErrorCode;

  constructor({
    code,
    message,
    cause,
  }: { code: DurableErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "DurableError";
    this.code = code;
  }

  /** True for any `DurableError`, also one created by another copy of this package. */
  static isInstance(value: unknown): value is DurableError {
    return hasErrorMarker(value, marker);
  }
}
