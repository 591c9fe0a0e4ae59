import type { ReasoningPart, ToolCall } from "@tinyloop/inference-adapters";
import type { DispatchedCall } from "@tinyloop/registry";
import type { TokenUsage, TurnEndEvent } from "./events.js";

/**
 * What one model turn's step returns: the assembled assistant message, plain JSON, so an
 * engine can store it and hand it back on a replay (never the live stream).
 */
export interface ModelTurnResult {
  /** The assistant's text of this turn. */
  text: string;
  /** The complete tool calls the model asked for, in order. */
  toolCalls: ToolCall[];
  /**
   * The turn's reasoning, when the model reasoned: kept so that a replayed run sends it back
   * to providers that need it (Anthropic's signed thinking blocks).
   */
  reasoning?: ReasoningPart[];
  /** Tokens the turn took, when the provider reported them. */
  usage?: TokenUsage;
  /** Why the model stopped, when it said. */
  finishReason?: TurnEndEvent["finishReason"];
}

/** What one tool call's step returns: the registry's dispatch result (plain JSON). */
export type ToolStepResult = DispatchedCall;

/** One model turn of a run, as handed to {@link RunStep}; `T` is {@link ModelTurnResult}. */
export interface ModelStep<T = ModelTurnResult> {
  kind: "model";
  /** Stable across replays of the same run: `turn-<n>/model`. */
  name: string;
  /** The turn's number, from 1. */
  turn: number;
  /**
   * Calls the model, streaming its text to the run's events as it arrives, and resolves to
   * the assembled turn. Rejects when the model fails or the run is aborted.
   */
  run: () => Promise<T>;
}

/** One tool call of a run, as handed to {@link RunStep}; `T` is {@link ToolStepResult}. */
export interface ToolStep<T = ToolStepResult> {
  kind: "tool";
  /** Stable across replays of the same run: `turn-<n>/tool-<index>/<call id>`. */
  name: string;
  /** The turn's number, from 1. */
  turn: number;
  /** The call as the model made it (its `name` is the registered tool name). */
  call: ToolCall;
  /** Dispatches the call through the registry. Never rejects for a failing tool. */
  run: () => Promise<T>;
}

/**
 * A step of a run: one model turn or one tool call, resolving to `T` (a model step to a
 * {@link ModelTurnResult}, a tool step to a {@link ToolStepResult}).
 */
export type AgentStep<T = unknown> = ModelStep<T> | ToolStep<T>;

/**
 * The seam every model turn and every tool call of a run passes through. The default runs
 * `step.run()`; a durable engine checkpoints the result under `step.name` and, on a replay,
 * returns the stored result without calling `run`. The loop then replays the events of a
 * model turn from its result (the text as one delta), so a replay looks like a run.
 */
export type RunStep = <T>(step: AgentStep<T>) => Promise<T>;

/** The default {@link RunStep}: just runs the step. */
export const runStepDirectly: RunStep = (step) => step.run();

/** The stable name of turn `turn`'s model step. */
export function modelStepName(turn: number): string {
  return `turn-${turn}/model`;
}

/** The stable name of the tool call at `index` (in the model's order) of turn `turn`. */
export function toolStepName(turn: number, index: number, call: ToolCall): string {
  return `turn-${turn}/tool-${index}/${call.id}`;
}
