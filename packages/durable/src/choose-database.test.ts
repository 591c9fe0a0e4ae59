import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chooseDatabase, DATABASE_URL_VARIABLE } from "./choose-database.js";
import { stopLocalDatabase } from "./local-database.js";

const nowhere = { folder: join(tmpdir(), "tinyloop-never-created"), bin: "/nonexistent/bin" };
const failure = (options: Parameters<typeof chooseDatabase>[0]) =>
  chooseDatabase(options).then(
    (url) => `url ${url}`,
    (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
  );

describe("chooseDatabase", () => {
  let parent: string | undefined;
  afterAll(async () => {
    if (parent) {
      await stopLocalDatabase({ folder: join(parent, "postgres") });
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("a given URL wins over the variable; a bad one is named as the caller names it, password hidden", async () => {
    const given = "postgresql://u:p@db.example:5433/runs";
    const env = { [DATABASE_URL_VARIABLE]: "postgresql://other@h/x" };
    expect(await chooseDatabase({ url: given, env, local: nowhere })).toBe(given);
    expect(
      await failure({
        url: "postgresql://user:hunter2@/tinyloop",
        urlName: "--db",
        local: nowhere,
      }),
    ).toBe(
      'OPTIONS_INVALID: --db: expected a postgresql:// URL, got "postgresql://user:***@/tinyloop", which is not a URL (example: postgresql://user:password@localhost:5432/tinyloop)',
    );
    expect(await failure({ url: "", local: nowhere })).toBe(
      "OPTIONS_INVALID: databaseUrl: expected a postgresql:// URL, got an empty string (example: postgresql://user:password@localhost:5432/tinyloop)",
    );
  });

  it("else the variable, named in its errors; an empty variable counts as unset", async () => {
    const url = "postgresql://u@h:5432/runs";
    expect(await chooseDatabase({ env: { [DATABASE_URL_VARIABLE]: url }, local: nowhere })).toBe(
      url,
    );
    expect(
      await failure({ env: { [DATABASE_URL_VARIABLE]: "mysql://db/runs" }, local: nowhere }),
    ).toBe(
      'OPTIONS_INVALID: TINYLOOP_DATABASE_URL: expected the scheme postgresql:// or postgres://, got "mysql://" (example: postgresql://user:password@localhost:5432/tinyloop)',
    );
    // Empty: the local database is tried (here one that cannot start), with the caller's hint.
    expect(
      await failure({
        env: { [DATABASE_URL_VARIABLE]: "" },
        local: nowhere,
        localFailedHint: "Or give a URL.",
      }),
    ).toBe(
      "LOCAL_DATABASE_FAILED: The local database was asked to run PostgreSQL from /nonexistent/bin, and there is no pg_ctl there. Leave the folder out to run the PostgreSQL that comes with tinyloop, or give the URL of a Postgres server instead. Or give a URL.",
    );
  });

  it("else the local database: started once (told so), found running after", async () => {
    parent = await mkdtemp(join(tmpdir(), "tinyloop-choose-db-"));
    await chmod(parent, 0o755); // as root the server runs as the postgres user
    const folder = join(parent, "postgres");
    const started: string[] = [];
    const choose = () =>
      chooseDatabase({ env: {}, local: { folder }, onLocalStarted: (at) => started.push(at) });
    const first = await choose();
    expect(first).toMatch(/^postgresql:\/\/postgres:[\w-]+@127\.0\.0\.1:\d+\/tinyloop$/);
    expect(await choose()).toBe(first);
    expect(started).toEqual([folder]);
  }, 60_000);
});
