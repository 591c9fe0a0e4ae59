import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopLocalDatabase } from "@tinyloop/durable";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/**
 * A state folder: as root the server runs as the postgres user, who must be able to pass the
 * folders above its data (a mkdtemp folder is 0700).
 */
function openFolder(): string {
  const made = mkdtempSync(join(tmpdir(), "tinyloop-state-"));
  chmodSync(made, 0o755);
  return made;
}

const stateHome = openFolder();
const folder = join(stateHome, "tinyloop", "postgres");
/** No --db and no TINYLOOP_DATABASE_URL: the local database in `stateHome`. */
const env = { XDG_STATE_HOME: stateHome, TINYLOOP_DATABASE_URL: "" };

/** The local database's port, from the server's own pid file. */
const localPort = () => readFileSync(join(folder, "data", "postmaster.pid"), "utf8").split("\n")[3];

/** Whether something listens on the port (the server, before --stop-db). */
const listening = (port: string | undefined) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("durable runs with no --db: the local database", () => {
  afterAll(async () => {
    await stopLocalDatabase({ folder });
    rmSync(stateHome, { recursive: true, force: true });
  });

  it("submit starts it, runs and a worker reuse it, batch runs on it, runs --stop-db stops it", async () => {
    const model = await s.withModel({ turns: [{ text: "Answered." }], cycle: true } as never);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }),
      "inputs.jsonl": '"one"\n"two"\n"three"\n"four"\n',
    });

    // Queued with no worker: the database must outlive submit for a worker to take the run.
    const submitted = await runCli(["submit", ".mcp.json", "-p", "queued first"], {
      cwd: s.ws.dir,
      env,
    });
    expect(submitted.stderr).toContain(
      `started the local runs database in ${folder} (it keeps running for workers and later commands; stop it with tinyloop runs --stop-db)`,
    );
    expect(submitted.exitCode).toBe(0);
    const id = submitted.stdout; // only the id: DBOS's first-use lines go to stderr
    expect(id).toMatch(/^[\w-]+$/);
    const port = localPort();

    const listed = await runCli(["runs"], { cwd: s.ws.dir, env });
    expect(listed.stderr).toBe(""); // reused, not started again
    expect(listed.stdout).toMatch(new RegExp(`^${id}  queued +  `, "m"));
    expect(localPort()).toBe(port);

    const worker = execa(process.execPath, [cliBin, "worker", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1", ...env },
      reject: false,
      stdin: "ignore",
    });
    try {
      await stderrShows(worker, "tinyloop worker · agent ");
      const waited = await runCli(["submit", ".mcp.json", "-p", "and wait", "--wait"], {
        cwd: s.ws.dir,
        env,
      });
      expect(waited.stdout).toBe("Answered.");
      expect(waited.exitCode).toBe(0);
      const shown = await runCli(["runs", id], { cwd: s.ws.dir, env });
      expect(shown.stdout).toContain(`run ${id} · `);
      expect(shown.stdout).toContain("result  completed after 1 turn(s)\nAnswered.");
    } finally {
      worker.kill("SIGTERM");
    }
    expect((await worker).exitCode).toBe(143);

    // A batch with its own two workers, on the same local database.
    const args = ["batch", ".mcp.json", "inputs.jsonl", "--out", "results.jsonl", "--workers", "2"];
    const batch = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir, env });
    expect(batch.stderr).toContain("done 4/4 · running 0 · failed 0");
    expect(batch.exitCode).toBe(0);
    const results = readFileSync(s.ws.path("results.jsonl"), "utf8").trim().split("\n");
    expect(results.map((line) => JSON.parse(line).text)).toEqual(Array(4).fill("Answered."));
    expect(model.requests).toHaveLength(6);
    const again = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir, env });
    expect(again.stderr).toContain("4 of 4 inputs already done; running the rest");
    expect(model.requests).toHaveLength(6);

    expect(await listening(port)).toBe(true);
    const stopped = await runCli(["runs", "--stop-db"], { cwd: s.ws.dir, env });
    expect(stopped.stderr).toBe(`stopped the local runs database in ${folder}`);
    expect(stopped.exitCode).toBe(0);
    expect(await listening(port)).toBe(false);
    const twice = await runCli(["runs", "--stop-db"], { cwd: s.ws.dir, env });
    expect(twice.stderr).toBe(`the local runs database in ${folder} is not running`);
  });

  it("on a new machine the worker can come first: it starts the database and takes what submit queues", async () => {
    await s.withModel({ turns: [{ text: "First come." }], cycle: true } as never);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const newHome = openFolder();
    const newEnv = { XDG_STATE_HOME: newHome, TINYLOOP_DATABASE_URL: "" };
    const worker = execa(process.execPath, [cliBin, "worker", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1", ...newEnv },
      reject: false,
      stdin: "ignore",
    });
    try {
      await stderrShows(worker, "tinyloop worker · agent ");
      const waited = await runCli(["submit", ".mcp.json", "-p", "hello", "--wait"], {
        cwd: s.ws.dir,
        env: newEnv,
      });
      expect(waited.stdout).toBe("First come.");
      expect(waited.exitCode).toBe(0);
    } finally {
      worker.kill("SIGTERM");
      await worker;
      const stopped = await runCli(["runs", "--stop-db"], { cwd: s.ws.dir, env: newEnv });
      rmSync(newHome, { recursive: true, force: true });
      expect(stopped.stderr).toBe(
        `stopped the local runs database in ${join(newHome, "tinyloop", "postgres")}`,
      );
    }
    expect(String((await worker).stderr)).toContain(
      `started the local runs database in ${join(newHome, "tinyloop", "postgres")}`,
    );
  });

  it("runs --stop-db with a run id or --db is a usage error", async () => {
    const r = await runCli(["runs", "--stop-db", "--db", "postgresql://db/x"], {
      cwd: s.ws.dir,
      env,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      "tinyloop: --stop-db: expected no run ID, --db or --cancel with it: it stops the local runs database (example: tinyloop runs --stop-db)",
    );
  });
});
