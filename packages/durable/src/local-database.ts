import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { DurableError } from "./durable-error.js";

const run = promisify(execFile);

/** Where Debian's (and Ubuntu's) PostgreSQL 15 keeps `initdb` and `pg_ctl`. */
export const LOCAL_POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

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
  /** Where `initdb`, `pg_ctl` and `postgres` are (default {@link LOCAL_POSTGRES_BIN}). */
  bin?: string;
}

const failed = (message: string, cause?: unknown) =>
  new DurableError({ code: "LOCAL_DATABASE_FAILED", message, cause });

const asRoot = () => process.getuid?.() === 0;

/** Postgres refuses to run as root: as root, its tools run as the `postgres` system user. */
async function postgresTool(bin: string, tool: string, args: string[]) {
  const path = join(bin, tool);
  return asRoot() ? run("runuser", ["-u", "postgres", "--", path, ...args]) : run(path, args);
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run("id", ["postgres"]).catch((error: unknown) => {
    throw failed(
      "Running as root, tinyloop starts the local database as the postgres system user (Postgres refuses to run as root), and there is no such user. Install PostgreSQL (apt-get install -y postgresql), or run as another user.",
      error,
    );
  });
  return {
    uid: Number(/uid=(\d+)/.exec(stdout)?.[1]),
    gid: Number(/gid=(\d+)/.exec(stdout)?.[1]),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

const isRunning = (bin: string, data: string) =>
  postgresTool(bin, "pg_ctl", ["-D", data, "status"]).then(
    () => true,
    () => false,
  );

/** The last lines of the server's log, on one line for a message. */
const logTail = async (folder: string) =>
  (await readFile(join(folder, "log"), "utf8").catch(() => ""))
    .trim()
    .split("\n")
    .slice(-3)
    .join(" / ");

/** Holds a lock folder while one command creates or starts the server (another waits). */
async function withStartLock<T>(folder: string, work: () => Promise<T>): Promise<T> {
  const lock = join(folder, "starting.lock");
  while (true) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than a minute is left by a command that died while starting.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function createCluster(bin: string, folder: string, data: string): Promise<void> {
  const password = randomBytes(18).toString("base64url");
  const passwordFile = join(folder, "initdb-password");
  await writeFile(passwordFile, password, { mode: 0o600 });
  if (asRoot()) {
    const { uid, gid } = await postgresIds();
    await chown(folder, uid, gid);
    await chown(passwordFile, uid, gid);
    const reachable = await run("runuser", [
      "-u",
      "postgres",
      "--",
      "test",
      "-r",
      passwordFile,
    ]).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      await rm(passwordFile, { force: true });
      throw failed(
        `Running as root, tinyloop starts the local database as the postgres system user (Postgres refuses to run as root), and that user cannot reach ${folder}: every folder above it must be open to other users (chmod o+x). Choose a folder such as /var/lib/tinyloop/postgres.`,
      );
    }
  }
  try {
    await postgresTool(bin, "initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=scram-sha-256",
      `--pwfile=${passwordFile}`,
      "--no-sync",
    ]);
  } catch (error) {
    await rm(data, { recursive: true, force: true });
    const reason = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw failed(`Could not create the local database in ${data}: ${reason}`, error);
  } finally {
    await rm(passwordFile, { force: true });
  }
  // Written last: a folder with a password has a finished cluster.
  await writeFile(join(folder, "password"), password, { mode: 0o600 });
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
    host: "127.0.0.1",
    port: Number(port),
    user: "postgres",
    password,
    database: "postgres",
  });
  await client.connect();
  try {
    await client.query("create database tinyloop");
  } finally {
    await client.end();
  }
}

/**
 * The local Postgres database for durable runs on one machine: the machine's PostgreSQL 15
 * (`initdb`, `pg_ctl`) with its data in `folder`, on a loopback port, password-protected.
 * Creates the cluster on first use, starts the server when it is not running, and otherwise
 * reuses the running one; the server keeps running after this process ends (a queued run
 * waits in it for a worker) until {@link stopLocalDatabase}. As root, the server runs as
 * the `postgres` system user, which must be able to reach `folder`.
 * @throws DurableError `LOCAL_DATABASE_FAILED` saying what is missing or what the server logged.
 */
export async function localDatabase(options: LocalDatabaseOptions): Promise<LocalDatabase> {
  const bin = options.bin ?? LOCAL_POSTGRES_BIN;
  const { folder } = options;
  if (!existsSync(join(bin, "pg_ctl"))) {
    throw failed(
      `The local database needs PostgreSQL 15, and ${bin} has no pg_ctl. Install it (Debian and Ubuntu: apt-get install -y postgresql-15), or give the URL of a Postgres server instead.`,
    );
  }
  // Only the folder itself is private: as root, the postgres user must pass its parents.
  await mkdir(dirname(folder), { recursive: true });
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const data = join(folder, "data");
  const started = await withStartLock(folder, async () => {
    const fresh = !existsSync(join(folder, "password"));
    if (fresh) {
      await rm(data, { recursive: true, force: true });
      await createCluster(bin, folder, data);
    }
    if (await isRunning(bin, data)) return false;
    const port = await freePort();
    try {
      await postgresTool(bin, "pg_ctl", [
        "-D",
        data,
        "-o",
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
        "-l",
        join(folder, "log"),
        "-w",
        "start",
      ]);
    } catch (error) {
      throw failed(
        `Could not start the local database in ${data}. Its log ends: ${await logTail(folder)}`,
        error,
      );
    }
    // A worker may come first: its database must be there before DBOS makes its tables.
    if (fresh) await createRunsDatabase(await addressOf(folder));
    return true;
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
  const bin = options.bin ?? LOCAL_POSTGRES_BIN;
  const data = join(options.folder, "data");
  if (!existsSync(join(data, "PG_VERSION")) || !(await isRunning(bin, data))) return false;
  await postgresTool(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  return true;
}
