import { DBOS } from "@dbos-inc/dbos-sdk";
import type { AgentStep, RunStep } from "@tinyloop/agent-loop";
import { interruptedResult, type ToolRegistry } from "@tinyloop/registry";
import { mayRunAgain } from "./may-run-again.js";
import type { StepGate } from "./step-gate.js";

/** Options of {@link durableRunStep}. */
export interface DurableRunStepOptions {
  /** A draining worker's gate: no new step starts once it drains. */
  gate?: StepGate;
  /**
   * Awaited before each model request (not on a replay that has the turn stored), e.g. to
   * wait for a permit of a shared rate limit. It may itself run DBOS steps or workflows.
   */
  beforeModelRequest?: () => Promise<void>;
  /**
   * Called when DBOS sees, while a step runs, that the run was cancelled (from any process):
   * the caller aborts the run's signal, which stops the model request or tool call running.
   */
  onCancelled?: () => void;
}

/**
 * The agent loop's `runStep` for a run inside a DBOS workflow: each model turn and each tool
 * call is a DBOS step, its result checkpointed under the step's name, so a resumed run gets
 * finished steps back without running them. A call of a read-only or idempotent tool is one
 * step: in flight at a crash, it simply runs again. Any other tool call first records that it
 * started; when a resumed run finds that mark without a result, the call was in flight at the
 * crash, and its result is `INTERRUPTED`. With a `gate`, a draining worker starts no new steps.
 */
export function durableRunStep(
  registry: ToolRegistry,
  options: DurableRunStepOptions = {},
): RunStep {
  const { gate, beforeModelRequest, onCancelled } = options;
  /** Runs `work` inside a DBOS step, passing on DBOS's cancel signal of the run. */
  const watchingCancel = async <T>(work: () => Promise<T>): Promise<T> => {
    // Read only when there is someone to tell: reading it makes DBOS poll for the cancel.
    const signal = onCancelled ? DBOS.stepStatus?.cancelSignal : undefined;
    const cancelled = () => onCancelled?.();
    if (signal?.aborted) cancelled();
    signal?.addEventListener("abort", cancelled, { once: true });
    try {
      return await work();
    } finally {
      signal?.removeEventListener("abort", cancelled);
    }
  };
  const runStep = async <T>(step: AgentStep<T>): Promise<T> => {
    if (step.kind === "model") {
      await beforeModelRequest?.();
      return DBOS.runStep(() => watchingCancel(step.run), { name: step.name });
    }
    const { call } = step;
    // A call that may run again needs no mark: one checkpoint instead of two. (The choice
    // changes the steps' numbering: DURABLE_NAMES.applicationVersion names this shape.)
    if (mayRunAgain(registry, call.name)) {
      return DBOS.runStep(() => watchingCancel(step.run), { name: step.name });
    }
    // DBOS numbers steps as they are called: both are claimed now, before anything awaits,
    // so parallel calls get the same numbers on every replay.
    let markedNow = false;
    const started = DBOS.runStep(
      async () => {
        markedNow = true;
        return true;
      },
      { name: `${step.name}/started` },
    );
    started.catch(() => {}); // awaited below when the call runs; never left unhandled
    return DBOS.runStep(
      async () => {
        await started;
        if (!markedNow) {
          return { result: interruptedResult(call.name) } as T;
        }
        return watchingCancel(step.run);
      },
      { name: step.name },
    );
  };
  return gate ? (step) => gate.pass(() => runStep(step)) : runStep;
}
