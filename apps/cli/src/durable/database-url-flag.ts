import { DurableError, parseDatabaseUrl } from "@tinyloop/durable";
import { CliError } from "../cli-error.js";

/** The variable `--db` falls back to. */
export const DATABASE_URL_VARIABLE = "TINYLOOP_DATABASE_URL";

const EXAMPLE = "--db postgresql://user:password@localhost:5432/tinyloop";

/**
 * The runs database's URL from `--db`, else `TINYLOOP_DATABASE_URL`, checked before anything
 * starts. @throws CliError `USAGE` (exit 2) naming what is wrong and the right form.
 */
export function databaseUrlFlag(db: string | undefined, env: NodeJS.ProcessEnv): string {
  const fromFlag = db !== undefined;
  const value = fromFlag ? db : env[DATABASE_URL_VARIABLE];
  if (value === undefined || value === "") {
    throw new CliError({
      code: "USAGE",
      message: `--db: expected the URL of the Postgres database that keeps the runs, got none (example: ${EXAMPLE}, or set ${DATABASE_URL_VARIABLE})`,
    });
  }
  try {
    parseDatabaseUrl(value, fromFlag ? "--db" : DATABASE_URL_VARIABLE);
  } catch (error) {
    if (!DurableError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
  return value;
}
