import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { DurableError } from "./durable-error.js";

const run = promisify(execFile);

/** The user PostgreSQL's programs run as: this process's own, or (as root) `postgres`. */
export interface PostgresUser {
  /** Set as root only: the unprivileged user's ids. */
  ids?: { uid: number; gid: number };
  /** Runs one of PostgreSQL's programs as that user; rejects with its stderr. */
  run(program: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
}

/** The name of the system user the server runs as when tinyloop runs as root. */
export const POSTGRES_SYSTEM_USER = "postgres";

async function idsOf(name: string): Promise<{ uid: number; gid: number } | undefined> {
  const found = await run("id", [name]).catch(() => undefined);
  if (!found) return undefined;
  return {
    uid: Number(/uid=(\d+)/.exec(found.stdout)?.[1]),
    gid: Number(/gid=(\d+)/.exec(found.stdout)?.[1]),
  };
}

/** Creates the system user (no home, no login): `useradd`, or busybox's `adduser`. */
async function createSystemUser(name: string): Promise<void> {
  await run("useradd", [
    "--system",
    "--user-group",
    "--no-create-home",
    "--shell",
    "/usr/sbin/nologin",
    name,
  ])
    .catch(() => run("adduser", ["-S", "-D", "-H", name]))
    .catch((error: unknown) => {
      // Two commands creating it at once: the other one won.
      return idsOf(name).then((ids) => {
        if (!ids) throw error;
      });
    });
}

/**
 * The user to run PostgreSQL as. Postgres refuses to run as root, so as root its programs run
 * as the `postgres` system user, created (without a home or a login) when missing.
 * @throws DurableError `LOCAL_DATABASE_FAILED` when that user cannot be created.
 */
export async function postgresUser(): Promise<PostgresUser> {
  if (process.getuid?.() !== 0) return { run: (program, args) => run(program, args) };
  let ids = await idsOf(POSTGRES_SYSTEM_USER);
  if (!ids) {
    await createSystemUser(POSTGRES_SYSTEM_USER).catch((error: unknown) => {
      throw new DurableError({
        code: "LOCAL_DATABASE_FAILED",
        message: `Running as root, tinyloop starts the local database as the ${POSTGRES_SYSTEM_USER} system user (Postgres refuses to run as root), and could not create that user: ${(error as Error).message}. Create it (useradd --system ${POSTGRES_SYSTEM_USER}), or run as another user.`,
        cause: error,
      });
    });
    ids = await idsOf(POSTGRES_SYSTEM_USER);
  }
  const { uid, gid } = ids ?? { uid: Number.NaN, gid: Number.NaN };
  return {
    ids: { uid, gid },
    run: (program, args) => run(program, args, { uid, gid, cwd: "/" }),
  };
}
