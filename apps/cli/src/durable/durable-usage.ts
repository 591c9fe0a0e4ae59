import { DurableError, type DurableErrorCode } from "@tinyloop/durable";
import { CliError } from "../cli-error.js";

/**
 * `error` as the user's to fix (a CliError `USAGE`: its message alone, exit 2) when it is a
 * DurableError of one of `codes` (say, a bad `--db` URL); else `error` unchanged.
 */
export function durableUsage(error: unknown, ...codes: DurableErrorCode[]): unknown {
  if (!DurableError.isInstance(error) || !codes.includes(error.code)) return error;
  return new CliError({ code: "USAGE", message: error.message, cause: error });
}
