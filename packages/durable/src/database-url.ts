import { SECRET_MASK } from "@tinyloop/errors";
import { DurableError } from "./durable-error.js";

/** Where a Postgres database lives, read from its URL. */
export interface DatabaseAddress {
  /** The URL as given. */
  url: string;
  host: string;
  port: number;
  database: string;
}

const EXAMPLE = "postgresql://user:password@localhost:5432/tinyloop";

const invalid = (where: string, problem: string) =>
  new DurableError({
    code: "OPTIONS_INVALID",
    message: `${where}: ${problem} (example: ${EXAMPLE})`,
  });

/** A database URL fit for a message: its password and query values masked. */
function shownUrl(parsed: URL): string {
  const copy = new URL(parsed.href);
  if (copy.password !== "") copy.password = SECRET_MASK;
  for (const key of [...copy.searchParams.keys()]) copy.searchParams.set(key, SECRET_MASK);
  return copy.href;
}

/** Text that is not a URL, fit for a message: whatever stands between `:` and `@` masked. */
function shownText(value: string): string {
  return value.replace(/:[^:@/]*@/g, `:${SECRET_MASK}@`);
}

/**
 * Checks a Postgres connection URL and reads its host, port (default 5432) and database.
 * `where` names the value in the message (say, `databaseUrl`).
 * @throws DurableError `OPTIONS_INVALID` naming what is wrong and showing an example; a
 * password in the URL is never shown.
 */
export function parseDatabaseUrl(value: unknown, where = "databaseUrl"): DatabaseAddress {
  if (typeof value !== "string" || value.trim() === "") {
    const got =
      value === undefined
        ? "nothing"
        : typeof value === "string"
          ? "an empty string"
          : `${typeof value}`;
    throw invalid(where, `expected a postgresql:// URL, got ${got}`);
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalid(
      where,
      `expected a postgresql:// URL, got "${shownText(value)}", which is not a URL`,
    );
  }
  if (parsed.protocol !== "postgresql:" && parsed.protocol !== "postgres:") {
    throw invalid(
      where,
      `expected the scheme postgresql:// or postgres://, got "${parsed.protocol}//"`,
    );
  }
  if (parsed.hostname === "")
    throw invalid(where, `expected a host name, got none in "${shownUrl(parsed)}"`);
  const port = parsed.port === "" ? 5432 : Number(parsed.port);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (database === "") {
    throw invalid(
      where,
      `expected a database name after the host, got none in "${shownUrl(parsed)}"`,
    );
  }
  return { url: value, host: parsed.hostname.replace(/^\[|\]$/g, ""), port, database };
}

/** How long DBOS's connections may sit idle inside a transaction (DBOS's own default). */
const IDLE_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * The URL to give DBOS: DBOS's idle-in-transaction timeout set at connection start (libpq
 * `options`) rather than by DBOS's `SET` on each new pool connection, which it queues without
 * waiting and so draws pg's "client is already executing a query" deprecation warning.
 */
export function dbosDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get("options") ?? "";
  if (options.includes("idle_in_transaction_session_timeout")) return databaseUrl;
  const setting = `-c idle_in_transaction_session_timeout=${IDLE_TRANSACTION_TIMEOUT_MS}`;
  url.searchParams.set("options", options === "" ? setting : `${options} ${setting}`);
  return url.href;
}
