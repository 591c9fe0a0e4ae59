import { DurableError } from "./durable-error.js";
import type { ModelRate } from "./model-rate.js";

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/**
 * A {@link ModelRate} written as `N/PERIOD`: `60/m`, `10/s`, `500/5m`, `3/1500ms` (a period
 * of a number, 1 when left out, and a unit: ms, s, m or h), as a command line or a config
 * file gives it. @throws DurableError `OPTIONS_INVALID` showing the right forms.
 */
export function parseModelRate(text: string): ModelRate {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)?(ms|s|m|h)$/.exec(text.trim());
  const limit = Number(match?.[1]);
  const periodSec = Number(match?.[2] ?? 1) * (UNIT_SECONDS[match?.[3] ?? ""] ?? Number.NaN);
  if (!match || limit < 1 || !(periodSec > 0)) {
    throw new DurableError({
      code: "OPTIONS_INVALID",
      message: `expected requests per period as N/PERIOD, such as 60/m, 10/s or 500/5m, got "${text}"`,
    });
  }
  return { limit, periodSec };
}

/** A {@link ModelRate} as `N/PERIOD` text that {@link parseModelRate} reads back: `60/60s`. */
export function modelRateText(rate: ModelRate): string {
  return `${rate.limit}/${rate.periodSec}s`;
}
