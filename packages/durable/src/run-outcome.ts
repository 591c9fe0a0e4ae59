import type { WorkflowStatus } from "@dbos-inc/dbos-sdk";
import type { DurableRunResult } from "./run-types.js";

/**
 * Where a durable run is, in tinyloop's words (never DBOS's statuses): waiting in its queue,
 * running on a worker, or one of the ways it ended. A run ended by the agent says what the
 * agent's `done` event said: `completed`, `asked` (it called `ask_question`), `max-turns`,
 * `failed` (the model or the run failed: `error` says why); `cancelled` and `timed-out` are
 * runs stopped from outside (a cancel, or their deadline).
 */
export type RunOutcome =
  | "queued"
  | "running"
  | "completed"
  | "asked"
  | "max-turns"
  | "failed"
  | "cancelled"
  | "timed-out";

/** The outcomes of a run that has ended. */
export type FinishedOutcome = Exclude<RunOutcome, "queued" | "running">;

/** A run's outcome with the reason when it did not end well. */
export interface OutcomeWithError {
  outcome: RunOutcome;
  /** Why it failed, timed out or was cancelled. */
  error?: string;
}

/** True once a run has ended (whatever the way): it will not change again. */
export function isFinished(outcome: RunOutcome): outcome is FinishedOutcome {
  return outcome !== "queued" && outcome !== "running";
}

/** True for a run that ended with an answer (`completed`) or a question for the user (`asked`). */
export function isAnswered(outcome: RunOutcome): boolean {
  return outcome === "completed" || outcome === "asked";
}

/** The text of a step's or run's recorded error, whatever DBOS stored it as. */
export const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === "string"
      ? error
      : JSON.stringify(error);

/** A stopped run was stopped by its deadline when the stop came at or after it. */
const pastDeadline = (status: WorkflowStatus) =>
  status.deadlineEpochMS !== undefined &&
  (status.updatedAt ?? status.completedAt ?? Date.now()) >= status.deadlineEpochMS;

const deadlineText = (status: WorkflowStatus) =>
  `The run passed its deadline (${status.timeoutMS} ms after it started).`;

/**
 * The outcome of a run the agent ended: what its `done` event said. `timedOut` tells an
 * abort by the run's deadline from a cancel.
 */
export function outcomeOfResult(result: DurableRunResult, timedOut: boolean): OutcomeWithError {
  const error = result.error === undefined ? {} : { error: result.error };
  switch (result.reason) {
    case "completed":
    case "asked":
    case "max-turns":
      return { outcome: result.reason, ...error };
    case "error":
      return { outcome: "failed", error: result.error ?? "The run failed (no error was stored)." };
    case "aborted":
      return timedOut
        ? { outcome: "timed-out", error: result.error ?? "The run passed its deadline." }
        : { outcome: "cancelled", error: result.error ?? "The run was cancelled." };
    default:
      return { outcome: "failed", error: `The run ended for an unknown reason: ${result.reason}` };
  }
}

/** The agent's result a run stored when its workflow returned (with its output loaded). */
export function agentResultOf(status: WorkflowStatus): DurableRunResult | undefined {
  const output = status.output as DurableRunResult | null | undefined;
  return status.status === "SUCCESS" && output && typeof output === "object" ? output : undefined;
}

/**
 * A run's outcome from its DBOS workflow status (with its output loaded): the one place that
 * reads DBOS's status strings. A workflow DBOS calls successful may hold a failed agent run.
 */
export function outcomeOfStatus(status: WorkflowStatus): OutcomeWithError {
  switch (status.status) {
    case "ENQUEUED":
    case "DELAYED":
      return { outcome: "queued" };
    case "PENDING":
      return { outcome: "running" };
    case "SUCCESS": {
      const result = agentResultOf(status);
      if (!result) return { outcome: "failed", error: "The run ended without a result." };
      return outcomeOfResult(result, pastDeadline(status));
    }
    case "CANCELLED":
      return pastDeadline(status)
        ? { outcome: "timed-out", error: deadlineText(status) }
        : {
            outcome: "cancelled",
            error: `Run ${status.workflowID} was cancelled before it finished.`,
          };
    case "MAX_RECOVERY_ATTEMPTS_EXCEEDED":
      return {
        outcome: "failed",
        error: `The run was resumed ${status.recoveryAttempts ?? "too many"} times without finishing (its workers kept stopping) and was given up.`,
      };
    case "ERROR":
      return {
        outcome: "failed",
        error: status.error === undefined ? "The run failed." : messageOf(status.error),
      };
    default:
      return { outcome: "running" };
  }
}
