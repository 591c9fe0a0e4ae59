import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { DurableError } from "./durable-error.js";
import { localDatabase, stopLocalDatabase } from "./local-database.js";
import { embeddedPostgresBinaries, SHARED_BINARIES_FOLDER } from "./postgres-binaries.js";

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A temporary parent folder the postgres user can pass (as root the server runs as postgres). */
async function openFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "tinyloop-local-db-"));
  await chmod(folder, 0o755);
  return folder;
}

describe("localDatabase", () => {
  let parent: string | undefined;
  afterEach(async () => {
    if (parent) {
      await stopLocalDatabase({ folder: join(parent, "postgres") });
      await rm(parent, { recursive: true, force: true });
    }
    parent = undefined;
  });

  it("creates and starts a server on first use, reuses it, and keeps its data across a stop", async () => {
    parent = await openFolder();
    const folder = join(parent, "postgres");
    const first = await localDatabase({ folder });
    expect(first.started).toBe(true);
    expect(first.url).toMatch(/^postgresql:\/\/postgres:[\w-]+@127\.0\.0\.1:\d+\/tinyloop$/);
    // The runs database is there from the start (a worker may connect before any client).
    expect(await query(first.url, "select current_database() as name")).toEqual([
      { name: "tinyloop" },
    ]);
    await query(first.url, "create table kept (n int); insert into kept values (7)");

    const again = await localDatabase({ folder });
    expect(again).toEqual({ ...first, started: false });

    // The password is required: the server is not open to every local user.
    const noPassword = first.url.replace(/:[\w-]+@/, "@");
    await expect(query(noPassword, "select 1")).rejects.toThrow(/password/);

    expect(await stopLocalDatabase({ folder })).toBe(true);
    await expect(query(first.url, "select 1")).rejects.toThrow(/ECONNREFUSED/);
    expect(await stopLocalDatabase({ folder })).toBe(false);

    const restarted = await localDatabase({ folder });
    expect(restarted.started).toBe(true);
    expect(await query(restarted.url, "select n from kept")).toEqual([{ n: 7 }]);
  });

  it("two commands starting it at once share one server", async () => {
    parent = await openFolder();
    const folder = join(parent, "postgres");
    const [a, b] = await Promise.all([localDatabase({ folder }), localDatabase({ folder })]);
    expect(a.url).toBe(b.url);
    expect([a.started, b.started].sort()).toEqual([false, true]);
  });

  it.runIf(process.getuid?.() === 0)(
    "as root, a folder the postgres user cannot reach is named, with the fix, and nothing is left in it",
    async () => {
      parent = await mkdtemp(join(tmpdir(), "tinyloop-local-db-")); // 0700, root's own
      const folder = join(parent, "postgres");
      await expect(localDatabase({ folder })).rejects.toThrow(
        `the postgres system user (Postgres refuses to run as root), and that user cannot reach ${folder}: every folder above it must be open to other users (chmod o+x). Choose a folder such as /var/lib/tinyloop/postgres.`,
      );
      expect(await readdir(folder)).toEqual([]);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    "as a user other than root, the server runs as that user, in that user's folder",
    async () => {
      parent = await openFolder();
      await chmod(parent, 0o777); // the user makes its state folder there
      const folder = join(parent, "postgres");
      const script = fileURLToPath(
        new URL("./__fixtures__/local-database-process.ts", import.meta.url),
      );
      const { stdout } = await promisify(execFile)("runuser", [
        ...["-u", "nobody", "--", process.execPath, "--import", "tsx"],
        ...["--conditions=@tinyloop/source", script, folder],
      ]);
      expect(JSON.parse(stdout)).toEqual({ uid: 65534, started: [true, false], stopped: true });
      expect((await stat(join(folder, "data"))).uid).toBe(65534);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    "as root, binaries the postgres user cannot reach (tinyloop installed under /root) are run from a shared copy",
    async () => {
      parent = await openFolder();
      const folder = join(parent, "postgres");
      const hidden = await mkdtemp(join(tmpdir(), "tinyloop-hidden-")); // 0700, root's own
      const version = `test-${process.pid}`;
      const copy = join(SHARED_BINARIES_FOLDER, `postgres-${version}-${platform()}-${arch()}`);
      try {
        const { bin } = await embeddedPostgresBinaries();
        await cp(dirname(bin), join(hidden, "native"), { recursive: true, verbatimSymlinks: true });
        await writeFile(join(hidden, "package.json"), JSON.stringify({ version }));
        const local = await localDatabase({ folder, bin: join(hidden, "native", "bin") });
        expect(await query(local.url, "select 1 as one")).toEqual([{ one: 1 }]);
        expect(existsSync(join(copy, "bin", "postgres"))).toBe(true);
        expect(await stopLocalDatabase({ folder, bin: join(hidden, "native", "bin") })).toBe(true);
      } finally {
        await rm(hidden, { recursive: true, force: true });
        await rm(copy, { recursive: true, force: true });
      }
    },
  );

  it("a folder of PostgreSQL binaries without pg_ctl is named, with the way out", async () => {
    const error = await localDatabase({ folder: "/nonexistent/x", bin: "/nowhere/bin" }).catch(
      (e: unknown) => e,
    );
    expect(DurableError.isInstance(error) && error.code).toBe("LOCAL_DATABASE_FAILED");
    expect((error as Error).message).toBe(
      "The local database was asked to run PostgreSQL from /nowhere/bin, and there is no pg_ctl there. Leave the folder out to run the PostgreSQL that comes with tinyloop, or give the URL of a Postgres server instead.",
    );
  });

  it("a data folder made by another major version is named, and left as it was", async () => {
    parent = await openFolder();
    const folder = join(parent, "postgres");
    await localDatabase({ folder });
    await stopLocalDatabase({ folder });
    await writeFile(join(folder, "data", "PG_VERSION"), "15\n");
    const error = await localDatabase({ folder }).catch((e: unknown) => e);
    expect(DurableError.isInstance(error) && error.code).toBe("LOCAL_DATABASE_FAILED");
    expect((error as Error).message).toBe(
      `The local database in ${folder} was made by PostgreSQL 15, and tinyloop runs PostgreSQL 17, which cannot open it. Its runs stay readable with PostgreSQL 15; move the folder aside, or remove it to start afresh.`,
    );
    expect((await readdir(folder)).sort()).toEqual(["data", "log", "password"]);
  });

  it.runIf(process.getuid?.() === 0)(
    "with no disk space, says so with the folder, and leaves no half-made cluster",
    async () => {
      parent = await openFolder();
      const folder = join(parent, "postgres");
      await mkdir(folder);
      await promisify(execFile)("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", folder]);
      try {
        const error = await localDatabase({ folder }).catch((e: unknown) => e);
        expect(DurableError.isInstance(error) && error.code).toBe("LOCAL_DATABASE_FAILED");
        expect((error as Error).message).toMatch(
          new RegExp(
            `^Could not create the local database in ${folder}: .*No space left on device`,
            "s",
          ),
        );
        expect(await readdir(folder)).toEqual([]);
      } finally {
        await promisify(execFile)("umount", [folder]);
      }
    },
  );
});
