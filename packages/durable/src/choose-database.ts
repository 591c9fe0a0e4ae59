import { parseDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";
import { type LocalDatabaseOptions, localDatabase } from "./local-database.js";

/** The environment variable {@link chooseDatabase} reads a database URL from. */
export const DATABASE_URL_VARIABLE = "TINYLOOP_DATABASE_URL";

/** Options of {@link chooseDatabase}. */
export interface ChooseDatabaseOptions {
  /** A URL the caller was given (a flag, a setting): it wins over the environment. */
  url?: string | undefined;
  /** How the caller's user knows `url`, for messages (say `--db`). Default `databaseUrl`. */
  urlName?: string;
  /** Where {@link DATABASE_URL_VARIABLE} is read (an empty value counts as unset). Default: not read. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The local database to use, started when not running, when no URL is given. */
  local: LocalDatabaseOptions;
  /** What else the user can do, added to the message when the local database cannot start. */
  localFailedHint?: string;
  /** Told when this call started the local database (it keeps running after). */
  onLocalStarted?: (folder: string) => void;
}

/**
 * The URL of the database that keeps the runs: `url`, else {@link DATABASE_URL_VARIABLE} in
 * `env`, each checked before anything starts; else the local database, started when it is
 * not running and left running.
 * @throws DurableError `OPTIONS_INVALID` for a malformed URL, naming it by `urlName` or the
 * variable; `LOCAL_DATABASE_FAILED` (with `localFailedHint`) when the local database cannot start.
 */
export async function chooseDatabase(options: ChooseDatabaseOptions): Promise<string> {
  const fromEnv = options.env?.[DATABASE_URL_VARIABLE];
  if (options.url !== undefined) {
    return parseDatabaseUrl(options.url, options.urlName ?? "databaseUrl").url;
  }
  if (fromEnv !== undefined && fromEnv !== "") {
    return parseDatabaseUrl(fromEnv, DATABASE_URL_VARIABLE).url;
  }
  try {
    const local = await localDatabase(options.local);
    if (local.started) options.onLocalStarted?.(local.folder);
    return local.url;
  } catch (error) {
    if (!DurableError.isInstance(error) || options.localFailedHint === undefined) throw error;
    throw new DurableError({
      code: error.code,
      message: `${error.message} ${options.localFailedHint}`,
      cause: error,
    });
  }
}
