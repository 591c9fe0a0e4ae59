import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { describe, expect, it } from "vitest";
import { type DatabaseDown, outlastOutage, waitForDatabase } from "./wait-for-database.js";

describe("waiting out a database that goes away (real Postgres, halted and started again)", () => {
  const pg = usePostgres();

  it("resolves at once while it answers, else reports each try with backoff until it is back", async () => {
    const downs: DatabaseDown[] = [];
    const backs: string[] = [];
    await waitForDatabase(pg.url, { onDown: (down) => downs.push(down) });
    expect(downs).toEqual([]);

    await pg.halt();
    const url = pg.url.replace("postgres@", "postgres:s3cret-word@");
    const waiting = waitForDatabase(url, {
      initialBackoffMs: 100,
      maxBackoffMs: 400,
      onDown: (down) => downs.push(down),
      onBack: (back) => backs.push(back.message),
    });
    while (downs.length < 3) await new Promise((wake) => setTimeout(wake, 20));
    await pg.start();
    await waiting;
    expect(downs.slice(0, 3).map((down) => down.retryInMs)).toEqual([100, 200, 400]);
    expect(downs[0]?.message).toMatch(
      new RegExp(
        `^The database at 127\\.0\\.0\\.1:${pg.port} does not answer \\(.*ECONNREFUSED.*\\); trying again in 100 ms\\.$`,
      ),
    );
    expect(downs.map((down) => down.message).join("\n")).not.toContain("s3cret-word");
    expect(backs).toEqual([`The database at 127.0.0.1:${pg.port} answers again.`]);
  });

  it("outlastOutage runs a failed operation again once the database is back", async () => {
    await pg.halt();
    let tries = 0;
    const downs: string[] = [];
    const result = outlastOutage(
      pg.url,
      async () => {
        tries++;
        if (tries === 1) throw new Error("connection lost");
        return "listed";
      },
      { initialBackoffMs: 100, onDown: (down) => downs.push(down.message) },
    );
    while (downs.length < 1) await new Promise((wake) => setTimeout(wake, 20));
    await pg.start();
    expect(await result).toBe("listed");
    expect(tries).toBe(2);

    // While the database answers, the operation's own error is thrown as it is.
    await expect(
      outlastOutage(pg.url, async () => {
        throw new Error("no such run");
      }),
    ).rejects.toThrow("no such run");
  });
});
