import { DBOS } from "@dbos-inc/dbos-sdk";
import { Agent, type AgentOptions, consumeRun } from "@tinyloop/agent-loop";
import { durableRunStep } from "./durable-run-step.js";
import {
  type PermitClock,
  registerModelRequestPermit,
  takeModelRequestPermit,
} from "./model-rate.js";
import { type OutcomeWithError, outcomeOfResult } from "./run-outcome.js";
import { DURABLE_NAMES, type DurableRunInput, type DurableRunResult } from "./run-types.js";
import type { StepGate } from "./step-gate.js";

/** How a worker builds the agent of each run: `new Agent` options but the step seam. */
export type DurableAgentOptions = Omit<AgentOptions, "runStep">;

/** What this process's worker runs with (DBOS keeps one executor per process). */
let current: { options: DurableAgentOptions; gate: StepGate; serving: ServingOptions } | undefined;

/** How one run ended on this worker, for {@link ServingOptions.onRunEnd}. */
export interface RunEnd extends OutcomeWithError {
  /** The run's id. */
  id: string;
}

/** What else a worker serves its runs with. */
export interface ServingOptions {
  /** Told each time a run ends on this worker (also a failed one). */
  onRunEnd?: (run: RunEnd) => void;
  /** When model requests wait for permits of the agent's shared rate limit: its name, and the clock that tells a permit's age. */
  modelRate?: { agent: string; clock: PermitClock };
}
let registered = false;

/** One run: a fresh conversation on the worker's agent, every step checkpointed. */
async function agentRun(input: DurableRunInput): Promise<DurableRunResult> {
  if (!current) throw new Error("agent run: no durable worker is serving in this process");
  const { serving } = current;
  const id = DBOS.workflowID ?? "";
  try {
    const { result, timedOut } = await runAgent(input, current);
    serving.onRunEnd?.({ id, ...outcomeOfResult(result, timedOut) });
    return result;
  } catch (error) {
    // DBOS's own errors (a cancel, the worker shutting down) are not the run failing: a
    // cancelled run ends cancelled, a stopped worker's run resumes elsewhere.
    if (!(typeof error === "object" && error !== null && "dbosErrorCode" in error)) {
      serving.onRunEnd?.({
        id,
        outcome: "failed",
        error: String((error as Error)?.message ?? error),
      });
    }
    throw error;
  }
}

async function runAgent(
  input: DurableRunInput,
  { options, gate, serving }: NonNullable<typeof current>,
): Promise<{ result: DurableRunResult; timedOut: boolean }> {
  const rate = serving.modelRate;
  // A cancel (`DurableClient.cancel`, from any process) seen during a step aborts the run.
  const cancel = new AbortController();
  const runStep = durableRunStep(options.registry, {
    gate,
    onCancelled: () => cancel.abort(),
    ...(rate === undefined
      ? {}
      : { beforeModelRequest: () => takeModelRequestPermit(rate.agent, rate.clock) }),
  });
  const agent = new Agent({ ...options, runStep });
  // DBOS cancels a run past its deadline at its next step; the signal also stops the model
  // call or tool call running then.
  const id = DBOS.workflowID;
  const status =
    id === undefined || input.timed === false ? null : await DBOS.getWorkflowStatus(id);
  const deadline = status?.deadlineEpochMS;
  const pastDeadline =
    deadline === undefined ? undefined : AbortSignal.timeout(Math.max(0, deadline - Date.now()));
  const signal = pastDeadline ? AbortSignal.any([pastDeadline, cancel.signal]) : cancel.signal;
  const { done } = await consumeRun(agent.run(input.prompt, { signal }));
  const timedOut = done.reason === "aborted" && pastDeadline?.aborted === true;
  const result: DurableRunResult = {
    reason: done.reason,
    turns: done.turns,
    usage: done.usage,
    ...(done.text === undefined ? {} : { text: done.text }),
    ...(done.error ? { error: done.error.message } : {}),
    ...(timedOut
      ? { error: `The run passed its deadline (${status?.timeoutMS} ms after it started).` }
      : {}),
  };
  return { result, timedOut };
}

/** Registers the run workflow with DBOS (before launch; once per process) and serves `options`. */
export function serveAgentRuns(
  options: DurableAgentOptions,
  gate: StepGate,
  serving: ServingOptions = {},
): void {
  current = { options, gate, serving };
  if (registered) return;
  DBOS.registerWorkflow(agentRun, { name: DURABLE_NAMES.workflow });
  // Any worker may be asked to start a permit of another worker's run.
  registerModelRequestPermit();
  registered = true;
}

/** Stops serving (the worker stopped). */
export function stopServingAgentRuns(): void {
  current = undefined;
}
