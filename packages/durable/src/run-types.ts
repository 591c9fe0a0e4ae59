import type { StopReason, TokenUsage } from "@tinyloop/agent-loop";

/** What a queued run is given: the user's prompt. */
export interface DurableRunInput {
  prompt: string;
  /** The agent it was queued for (DBOS forgets the queue of a cancelled run). */
  agent?: string;
  /**
   * Whether it was given a deadline (`timeoutMs`): only then does the worker read the run's
   * status for it, a query less per run otherwise. Absent: read it.
   */
  timed?: boolean;
}

/** How a durable run ended: its `done` event, as plain JSON. */
export interface DurableRunResult {
  reason: StopReason;
  /** The answer (or the question, the last text), when there is one. */
  text?: string;
  turns: number;
  usage: TokenUsage;
  /** The error's message, when `reason` is `error`. */
  error?: string;
}

/** Names shared by workers and clients; they address rows in the system database. */
export const DURABLE_NAMES = {
  /** DBOS application name. */
  application: "tinyloop",
  /** The workflow every run is. */
  workflow: "tinyloop.agent-run",
  /**
   * Workers and clients must agree on it for a queued run to be taken. Bump it when the
   * workflow's steps change shape, so old runs are not replayed by new code.
   */
  applicationVersion: "tinyloop-durable-2",
} as const;

/** The queue the runs of agent `agent` wait in. */
export function runQueueName(agent: string): string {
  return `tinyloop.runs.${agent}`;
}
