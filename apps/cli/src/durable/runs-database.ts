import { join } from "node:path";
import { chooseDatabase, DATABASE_URL_VARIABLE } from "@tinyloop/durable";
import { tinyloopStateDir } from "../config-dir.js";
import type { Io } from "../io.js";
import { durableUsage } from "./durable-usage.js";

/**
 * Where the local runs database keeps its files: `postgres` in tinyloop's state directory
 * (`$XDG_STATE_HOME/tinyloop/postgres`, else `~/.local/state/tinyloop/postgres`); as root
 * without `XDG_STATE_HOME`, `/var/lib/tinyloop/postgres` (the server then runs as the
 * `postgres` user, who cannot enter root's home).
 */
export function localDatabaseFolder(env: NodeJS.ProcessEnv): string {
  if (!env.XDG_STATE_HOME && process.getuid?.() === 0) return "/var/lib/tinyloop/postgres";
  return join(tinyloopStateDir(env), "postgres");
}

/**
 * The database that keeps the runs (durable's `chooseDatabase`): `--db`, else
 * `TINYLOOP_DATABASE_URL`, else the local database, started when it is not running (said on
 * stderr) and left running for the workers and later commands.
 * @throws CliError `USAGE` for a bad URL (exit 2); DurableError `LOCAL_DATABASE_FAILED`
 * when the local database cannot start (exit 1), with the flag's hint.
 */
export function runsDatabase(db: string | undefined, io: Io): Promise<string> {
  return chooseDatabase({
    url: db,
    urlName: "--db",
    env: io.env,
    local: { folder: localDatabaseFolder(io.env) },
    localFailedHint: `Or pass --db URL, or set ${DATABASE_URL_VARIABLE}.`,
    onLocalStarted: (folder) =>
      io.stderr.write(
        `started the local runs database in ${folder} (it keeps running for workers and later commands; stop it with tinyloop runs --stop-db)\n`,
      ),
  }).catch((error: unknown) => {
    throw durableUsage(error, "OPTIONS_INVALID");
  });
}
