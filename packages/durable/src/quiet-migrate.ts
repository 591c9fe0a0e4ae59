import { DBOS } from "@dbos-inc/dbos-sdk";

/**
 * `DBOS.migrate` (creates the database and DBOS's tables when missing) without its progress
 * lines on stdout: DBOS logs them through `console.log` with no way to pass a log level, and
 * a program's stdout is its output (`tinyloop submit` prints only the run's id there). The
 * lines go to stderr instead, for as long as the migration runs.
 */
export async function quietMigrate(databaseUrl: string): Promise<void> {
  const log = console.log;
  console.log = (...args: unknown[]) => console.error(...args);
  try {
    await DBOS.migrate(databaseUrl);
  } finally {
    console.log = log;
  }
}
