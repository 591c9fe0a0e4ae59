// DBOS's own migration entry (`DBOS.migrate`) logs through the console with no way to pass a
// logger; the function under it takes one.
import { ensureSystemDatabase } from "@dbos-inc/dbos-sdk/internal/system_database";
import { type DLogger, GlobalLogger } from "@dbos-inc/dbos-sdk/internal/telemetry/logs";
import pg from "pg";

/**
 * The advisory lock the migration runs under (two keys; the workers' liveness locks use the
 * first key 0x7417 with their id's hash, so another first key keeps them apart).
 */
const MIGRATION_LOCK = [0x7418, 1] as const;

/** Where the lines DBOS writes while it migrates go (default: nowhere). */
export type MigrationLog = (line: string) => void;

/** Postgres' "database does not exist", "database already exists" and "unique violation". */
const MISSING_DATABASE = "3D000";
const CREATED_BY_ANOTHER = new Set(["42P04", "23505"]);

/** Connects to the database, creating it first when it does not exist yet. */
async function connectCreating(databaseUrl: string): Promise<pg.Client> {
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };
  try {
    return await connect(databaseUrl);
  } catch (error) {
    if ((error as { code?: string }).code !== MISSING_DATABASE) throw error;
  }
  const admin = new URL(databaseUrl);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = "/postgres";
  const client = await connect(admin.href);
  try {
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Another process created it at the same moment.
    if (!CREATED_BY_ANOTHER.has((error as { code?: string }).code ?? "")) throw error;
  } finally {
    await client.end().catch(() => {});
  }
  return connect(databaseUrl);
}

/** How often a process waiting for another's migration tries the lock again. */
const LOCK_POLL_MS = 50;

/**
 * Takes the migration lock, trying again while another process holds it. Not
 * `pg_advisory_lock`: a session waiting in it is a running statement, which DBOS's
 * `CREATE INDEX CONCURRENTLY` (on the migrating process's other connection) waits for,
 * a deadlock Postgres cannot see.
 */
async function takeLock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ got: boolean }>(
      "select pg_try_advisory_lock($1, $2) as got",
      [...MIGRATION_LOCK],
    );
    if (rows[0]?.got) return;
    await new Promise((wake) => setTimeout(wake, LOCK_POLL_MS));
  }
}

const lineOf = (entry: unknown) => (typeof entry === "string" ? entry : String(entry));

/** A DBOS logger writing every line to `log` (DBOS's own writes to stdout, a program's output). */
export function dbosLoggerTo(log: MigrationLog): DLogger {
  const write = (entry: unknown) => log(lineOf(entry));
  return { info: write, debug: write, warn: write, error: write };
}

/**
 * Creates the database and DBOS's tables when missing (or brings them to this DBOS's
 * version), exactly once however many processes start at the same moment: the migration
 * runs under a Postgres advisory lock, so the others wait and then find it done (DBOS's
 * migrations are not safe to run twice at once: `tuple concurrently updated`). DBOS's
 * progress lines go to `log`, never to stdout or stderr.
 */
export async function quietMigrate(
  databaseUrl: string,
  log: MigrationLog = () => {},
): Promise<void> {
  const lock = await connectCreating(databaseUrl);
  try {
    await takeLock(lock);
    await ensureSystemDatabase(
      databaseUrl,
      new GlobalLogger(undefined, { logger: dbosLoggerTo(log) }),
    );
  } finally {
    // Ending the session frees the lock, also when the migration failed.
    await lock.end().catch(() => {});
  }
}
