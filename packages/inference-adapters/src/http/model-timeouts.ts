import { InferenceError } from "../inference-error.js";
import type { TimeoutSettingNames } from "./request-context.js";
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_TURN_TIMEOUT_MS } from "./stream-timeouts.js";

/** The timeout settings every HTTP adapter takes. */
export interface ModelTimeoutSettings {
  /**
   * Abandon a response that sends nothing for this long — while waiting for its headers or
   * between two reads of its body (`TIMEOUT`). Default 60 000.
   */
  idleTimeoutMs?: number;
  /**
   * Abandon a turn (request sent → response complete) that takes longer than this in all,
   * however often the server sends keep-alive comments (`TIMEOUT`). Default 600 000 (10 min).
   */
  turnTimeoutMs?: number;
  /**
   * How the program's user changes these, named in `TIMEOUT` errors. Default: the setting
   * names `idleTimeoutMs` and `turnTimeoutMs`; a CLI passes its flags.
   */
  timeoutSettingNames?: Partial<TimeoutSettingNames>;
}

function positiveMs(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `${name}: expected a number of milliseconds > 0, got ${JSON.stringify(value)} (example: { ${name}: ${fallback} }).`,
    });
  }
  return value;
}

/**
 * The timeouts with their defaults filled in.
 * @throws InferenceError `CONFIG_INVALID` for a timeout that is not a positive number.
 */
export function resolveModelTimeouts(settings: ModelTimeoutSettings): {
  idleTimeoutMs: number;
  turnTimeoutMs: number;
  timeoutSettings: TimeoutSettingNames;
} {
  return {
    idleTimeoutMs: positiveMs(settings.idleTimeoutMs, "idleTimeoutMs", DEFAULT_IDLE_TIMEOUT_MS),
    turnTimeoutMs: positiveMs(settings.turnTimeoutMs, "turnTimeoutMs", DEFAULT_TURN_TIMEOUT_MS),
    timeoutSettings: {
      idle: settings.timeoutSettingNames?.idle ?? "idleTimeoutMs",
      turn: settings.timeoutSettingNames?.turn ?? "turnTimeoutMs",
    },
  };
}
