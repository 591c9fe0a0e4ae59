import pg from "pg";
import { parseDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";

/** Postgres' "database does not exist": the server is there, and DBOS creates the database. */
const MISSING_DATABASE = "3D000";

/** Postgres' "invalid password" and "invalid authorization". */
const LOGIN_REFUSED = new Set(["28P01", "28000"]);

/** One line saying why the server at `where` cannot be used; never the URL (its password). */
function unreachableMessage(where: string, error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && LOGIN_REFUSED.has(code)) {
    return `The database at ${where} refused the login: ${reason}. Check the user and password in the URL.`;
  }
  // Something listens there, but it closed the connection or answered other than Postgres does.
  if (
    /terminated unexpectedly|unexpected message|not a postgres|received invalid response/i.test(
      reason,
    )
  ) {
    return `Could not reach the database at ${where}: ${reason}; what listens there does not answer as Postgres does. Check the URL's host and port.`;
  }
  return `Could not reach the database at ${where}: ${reason}. Check that Postgres is running there and that the URL's host, port, user and password are right.`;
}

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
    throw new DurableError({
      code: "DATABASE_UNREACHABLE",
      message: unreachableMessage(`${host}:${port}`, error),
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
}
