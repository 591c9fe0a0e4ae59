import { checkDatabase } from "./check-database.js";
import { parseDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";

/** What {@link waitForDatabase} reports while the database does not answer. */
export interface DatabaseDown {
  host: string;
  port: number;
  /** Why the last try failed (the driver's message; never the URL's password). */
  reason: string;
  /** When the next try is, in ms. */
  retryInMs: number;
  /** A line for a person: `The database at db:5432 does not answer (…); trying again in 4 s.` */
  message: string;
}

/** Options of {@link waitForDatabase}. */
export interface WaitForDatabaseOptions {
  /** Called after each failed try. */
  onDown?: (down: DatabaseDown) => void;
  /** Called once the database answers again (only when it did not at first). */
  onBack?: (address: { host: string; port: number; message: string }) => void;
  /** First wait in ms (default 500); doubled after each try, up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  /** Longest wait between tries in ms (default 10 000). */
  maxBackoffMs?: number;
  /** Stops waiting: rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Resolves once the database answers, trying again with exponential backoff while it does
 * not (a restart, a failover, a network cut): resolves at once when it answers now.
 * @throws DurableError `OPTIONS_INVALID` for a bad URL; the signal's reason when aborted.
 */
export async function waitForDatabase(
  databaseUrl: string,
  options: WaitForDatabaseOptions = {},
): Promise<void> {
  const { host, port } = parseDatabaseUrl(databaseUrl);
  const max = options.maxBackoffMs ?? 10_000;
  let wait = options.initialBackoffMs ?? 500;
  let wasDown = false;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      await checkDatabase(databaseUrl, { timeoutMs: 3000 });
      if (wasDown) {
        options.onBack?.({
          host,
          port,
          message: `The database at ${host}:${port} answers again.`,
        });
      }
      return;
    } catch (error) {
      if (!DurableError.isInstance(error) || error.code !== "DATABASE_UNREACHABLE") throw error;
      wasDown = true;
      const cause = error.cause;
      const reason = cause instanceof Error && cause.message ? cause.message : String(cause);
      const seconds = wait >= 1000 ? `${Math.round(wait / 1000)} s` : `${wait} ms`;
      options.onDown?.({
        host,
        port,
        reason,
        retryInMs: wait,
        message: `The database at ${host}:${port} does not answer (${reason}); trying again in ${seconds}.`,
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, wait);
        options.signal?.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            reject(options.signal?.reason);
          },
          { once: true },
        );
      });
      wait = Math.min(wait * 2, max);
    }
  }
}

/** How long an operation may take before {@link outlastOutage} checks the database. */
const CHECK_AFTER_MS = 1000;

/**
 * Runs a database operation so that it outlasts an outage: while it takes longer than a
 * second, or when it fails, checks whether the database answers; when it does not, waits
 * for it ({@link waitForDatabase}, reporting through `options`), then goes on: a pending
 * operation is left to finish (DBOS retries its queries once the connection is back), a
 * failed one is run again. So `operation` must be safe to repeat (a read, a submit with an
 * id). An error while the database answers is thrown as it is.
 */
export async function outlastOutage<T>(
  databaseUrl: string,
  operation: () => Promise<T>,
  options: WaitForDatabaseOptions = {},
): Promise<T> {
  for (;;) {
    const attempt = operation();
    let settled = false;
    const done = attempt.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    while (!settled) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([done, new Promise((wake) => (timer = setTimeout(wake, CHECK_AFTER_MS)))]);
      clearTimeout(timer);
      if (!settled) await waitForDatabase(databaseUrl, options);
    }
    try {
      return await attempt;
    } catch (error) {
      const answers = await checkDatabase(databaseUrl, { timeoutMs: 3000 }).then(
        () => true,
        () => false,
      );
      if (answers) throw error;
      await waitForDatabase(databaseUrl, options);
    }
  }
}
