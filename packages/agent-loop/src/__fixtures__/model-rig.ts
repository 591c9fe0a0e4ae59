import type { ChatModel } from "@tinyloop/inference-adapters";

/** One scripted model answer, neutral of the adapter that plays it. */
export interface RigTurn {
  text?: string;
  /** Tool calls as `[name, arguments]`; ids are `call_<turn>_<index>` (1-based turn). */
  calls?: Array<[string, Record<string, unknown>]>;
  usage?: { inputTokens: number; outputTokens: number };
}

/** A real model adapter playing `turns`, and how to stop it. */
export interface ModelRig {
  model: ChatModel;
  close(): Promise<void>;
}

/** Starts a rig for one test. */
export type MakeRig = (turns: RigTurn[], options?: { vision?: boolean }) => Promise<ModelRig>;

/** The id a rig gives call `index` (0-based) of turn `turn` (1-based). */
export const rigCallId = (turn: number, index: number) => `call_${turn}_${index}`;
