import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDatabase } from "./check-database.js";
import { localDatabase, stopLocalDatabase } from "./local-database.js";

const failure = (url: string) =>
  checkDatabase(url, { timeoutMs: 3000 }).then(
    () => "answered",
    (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
  );

describe("checkDatabase on something that is not a usable Postgres", () => {
  let parent: string | undefined;
  let http: Server | undefined;
  afterAll(async () => {
    http?.close();
    if (parent) {
      await stopLocalDatabase({ folder: join(parent, "postgres") });
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("an HTTP server: says what listens there does not answer as Postgres, naming host and port", async () => {
    http = createServer((_, response) => response.end("hello")).listen(0, "127.0.0.1");
    await new Promise((listening) => http?.once("listening", listening));
    const { port } = http.address() as { port: number };
    expect(await failure(`postgresql://u:hunter2@127.0.0.1:${port}/runs`)).toBe(
      `DATABASE_UNREACHABLE: Could not reach the database at 127.0.0.1:${port}: Connection terminated unexpectedly; what listens there does not answer as Postgres does. Check the URL's host and port.`,
    );
  });

  it("a wrong password: says the login was refused, naming host and port, never the password", async () => {
    parent = await mkdtemp(join(tmpdir(), "tinyloop-check-db-"));
    await chmod(parent, 0o755); // as root the server runs as the postgres user
    const local = await localDatabase({ folder: join(parent, "postgres") });
    const { port } = new URL(local.url);
    const wrong = local.url.replace(/:[^:@/]+@/, ":hunter2@");
    expect(await failure(wrong)).toBe(
      `DATABASE_UNREACHABLE: The database at 127.0.0.1:${port} refused the login: password authentication failed for user "postgres". Check the user and password in the URL.`,
    );
    expect(await failure(local.url)).toBe("answered");
  });
});
