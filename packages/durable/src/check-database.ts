import pg from "pg";
import { parseDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";

/** Postgres' "database does not exist": the server is there, and DBOS creates the database. */
const MISSING_DATABASE = "3D000";

/**
 * Checks that the database server answers, before anything else starts (a worker should
 * start no MCP server for a database it cannot use).
 * @throws DurableError `OPTIONS_INVALID` for a bad URL; `DATABASE_UNREACHABLE` naming host
 * and port when the server does not answer within `timeoutMs` (default 5 s).
 */
export async function checkDatabase(
  databaseUrl: string,
  options: { timeoutMs?: number; where?: string } = {},
): Promise<void> {
  const { host, port } = parseDatabaseUrl(databaseUrl, options.where);
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: options.timeoutMs ?? 5000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    if ((error as { code?: unknown }).code === MISSING_DATABASE) return;
    const reason = error instanceof Error && error.message ? error.message : String(error);
    throw new DurableError({
      code: "DATABASE_UNREACHABLE",
      message: `Could not reach the database at ${host}:${port}: ${reason}. Check that Postgres is running there and that the URL's host, port, user and password are right.`,
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
}
