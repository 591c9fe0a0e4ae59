import { DurableError, localDatabase } from "@tinyloop/durable";
import type { Io } from "../io.js";
import { DATABASE_URL_VARIABLE, databaseUrlFlag } from "./database-url-flag.js";
import { localDatabaseFolder } from "./local-database-folder.js";

/**
 * The database that keeps the runs: `--db`, else `TINYLOOP_DATABASE_URL`, else the local
 * database (the machine's PostgreSQL in tinyloop's state folder), started when it is not
 * running and left running for the workers and later commands; says so on stderr when it
 * starts it. @throws CliError `USAGE` for a bad URL (exit 2); DurableError
 * `LOCAL_DATABASE_FAILED` when the local database cannot start (exit 1), with the flag's hint.
 */
export async function runsDatabase(db: string | undefined, io: Io): Promise<string> {
  const given = databaseUrlFlag(db, io.env);
  if (given !== undefined) return given;
  const folder = localDatabaseFolder(io.env);
  try {
    const local = await localDatabase({ folder });
    if (local.started) {
      io.stderr.write(
        `started the local runs database in ${folder} (it keeps running for workers and later commands; stop it with tinyloop runs --stop-db)\n`,
      );
    }
    return local.url;
  } catch (error) {
    if (!DurableError.isInstance(error)) throw error;
    throw new DurableError({
      code: error.code,
      message: `${error.message} Or pass --db URL, or set ${DATABASE_URL_VARIABLE}.`,
      cause: error,
    });
  }
}
