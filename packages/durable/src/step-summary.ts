import type { ModelTurnResult, ToolStepResult } from "@tinyloop/agent-loop";
import type { RunStepRecord } from "./durable-client.js";

/** What one stored step of a run did, as data: see {@link stepSummary}. */
export type StepSummary =
  /** The step failed: its error. */
  | { kind: "error"; error: string }
  /** A tool call: its result's text (a block without text as `[type]`), and whether it is an error. */
  | { kind: "tool"; text: string; isError: boolean }
  /** A model turn: its text (when any) and the names of the tools it called, in order. */
  | { kind: "model"; text?: string; calls: string[] };

/**
 * What a step of `DurableClient.show` did, read from the output durable stored for it (the
 * model's turn or the tool call's result), for listing a run's steps.
 */
export function stepSummary(step: RunStepRecord): StepSummary {
  if (step.error) return { kind: "error", error: step.error };
  const output = step.output as Partial<ModelTurnResult & ToolStepResult> | undefined;
  if (output?.result) {
    const text = (output.result.content ?? [])
      .map((block) => (block as { text?: string }).text ?? `[${block.type}]`)
      .join("");
    return { kind: "tool", text, isError: output.result.isError === true };
  }
  const calls = (output?.toolCalls ?? []).map((call) => call.name);
  return { kind: "model", ...(output?.text ? { text: output.text } : {}), calls };
}
