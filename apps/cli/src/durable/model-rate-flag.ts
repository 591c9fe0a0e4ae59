import { DurableError, type ModelRate, parseModelRate } from "@tinyloop/durable/model-rate";
import { InvalidArgumentError } from "commander";

/**
 * commander's value parser of `--model-rate N/PERIOD` (`60/m`, `10/s`, `500/5m`): durable's
 * `parseModelRate`, its message shown as commander shows a bad value (exit 2).
 */
export function modelRateFlag(value: string): ModelRate {
  try {
    return parseModelRate(value);
  } catch (error) {
    if (!DurableError.isInstance(error)) throw error;
    throw new InvalidArgumentError(error.message);
  }
}
