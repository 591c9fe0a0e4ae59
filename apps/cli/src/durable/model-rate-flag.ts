import { InvalidArgumentError } from "commander";

/** A parsed `--model-rate`: at most `limit` model requests per `periodSec` seconds. */
export interface ModelRateFlag {
  limit: number;
  periodSec: number;
}

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/**
 * commander's value parser of `--model-rate N/PERIOD`: `60/m`, `10/s`, `500/5m`, `3/1500ms`
 * (a period of a number, 1 when left out, and a unit: ms, s, m or h).
 */
export function modelRateFlag(value: string): ModelRateFlag {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)?(ms|s|m|h)$/.exec(value.trim());
  const limit = Number(match?.[1]);
  const periodSec = Number(match?.[2] ?? 1) * (UNIT_SECONDS[match?.[3] ?? ""] ?? Number.NaN);
  if (!match || limit < 1 || !(periodSec > 0)) {
    throw new InvalidArgumentError(
      `expected requests per period as N/PERIOD, such as 60/m, 10/s or 500/5m, got "${value}"`,
    );
  }
  return { limit, periodSec };
}
