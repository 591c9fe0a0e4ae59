import { Option } from "commander";
import { wholeNumber } from "./option-values.js";

/** The model timeout flags, the same on `run` and `serve`. */
export interface ModelTimeoutFlags {
  /** `--model-idle-timeout`: seconds a model response stream may stay silent before it is abandoned. */
  modelIdleTimeout?: number;
  /** `--model-turn-timeout`: seconds one model response may take in all. */
  modelTurnTimeout?: number;
}

const IDLE = "--model-idle-timeout";
const TURN = "--model-turn-timeout";

/** `--model-idle-timeout` and `--model-turn-timeout`: whole seconds, at least 1. */
export function modelTimeoutOptions(): [Option, Option] {
  return [
    new Option(
      `${IDLE} <seconds>`,
      "give up on a model response that sends nothing for this long, headers included (default 60)",
    ).argParser(wholeNumber(1)),
    new Option(
      `${TURN} <seconds>`,
      "give up on a model response that takes longer than this in all, keep-alives or not (default 600)",
    ).argParser(wholeNumber(1)),
  ];
}

/** The flags as agent-session's `createModel` options: milliseconds, and the flags' names for its messages. */
export function modelTimeoutSettings(flags: ModelTimeoutFlags): {
  idleTimeoutMs?: number;
  turnTimeoutMs?: number;
  timeoutSettingNames: { idle: string; turn: string };
} {
  return {
    ...(flags.modelIdleTimeout ? { idleTimeoutMs: flags.modelIdleTimeout * 1000 } : {}),
    ...(flags.modelTurnTimeout ? { turnTimeoutMs: flags.modelTurnTimeout * 1000 } : {}),
    timeoutSettingNames: { idle: IDLE, turn: TURN },
  };
}
