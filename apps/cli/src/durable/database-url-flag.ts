import { DurableError, parseDatabaseUrl } from "@tinyloop/durable";
import { CliError } from "../cli-error.js";

/** The variable `--db` falls back to. */
export const DATABASE_URL_VARIABLE = "TINYLOOP_DATABASE_URL";

/**
 * The runs database's URL from `--db`, else `TINYLOOP_DATABASE_URL`, checked before anything
 * starts; undefined when neither is given (an empty variable counts as not given), which
 * means the local database. @throws CliError `USAGE` (exit 2) naming what is wrong and the
 * right form.
 */
export function databaseUrlFlag(
  db: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const fromFlag = db !== undefined;
  const value = fromFlag ? db : env[DATABASE_URL_VARIABLE];
  if (value === undefined || (!fromFlag && value === "")) return undefined;
  try {
    parseDatabaseUrl(value, fromFlag ? "--db" : DATABASE_URL_VARIABLE);
  } catch (error) {
    if (!DurableError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
  return value;
}
