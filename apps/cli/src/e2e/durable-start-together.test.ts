import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopLocalDatabase } from "@tinyloop/durable";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa, type ResultPromise } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** What no process may print when many start at once (DBOS's migration racing, pg's warning). */
const CHATTER = /Ignoring migration error|DeprecationWarning|tuple concurrently|XX000/;

/**
 * Five workers, `submit --wait`, `batch --workers 0` and `runs` started at the same moment
 * against a database nobody used yet: all come up, the run and the batch complete, and none
 * prints migration chatter or warnings.
 */
async function startTogether(env: Record<string, string>, db: string[]) {
  await s.withModel({ turns: [{ text: "Together." }], cycle: true } as never);
  s.ws.write({
    ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }),
    "inputs.jsonl": '"one"\n"two"\n"three"\n',
  });
  const start = (args: string[]) =>
    execa(process.execPath, [cliBin, ...args, ...db], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1", ...env },
      reject: false,
      stdin: "ignore",
    });
  const workers: ResultPromise[] = Array.from({ length: 5 }, () =>
    start(["worker", ".mcp.json", ...s.modelFlags()]),
  );
  // Watched from the start: a line printed before the watch began would be missed.
  const ready = Promise.all(
    workers.map((worker) => stderrShows(worker, "tinyloop worker · agent ")),
  );
  ready.catch(() => {}); // awaited below; a failure before then is reported there
  let others: Awaited<ResultPromise>[] = [];
  try {
    const [submitted, batch, listed] = await Promise.all([
      start(["submit", ".mcp.json", "-p", "hello", "--wait"]),
      start(["batch", ".mcp.json", "inputs.jsonl", "--out", "results.jsonl", "--workers", "0"]),
      start(["runs"]),
    ]);
    others = [submitted, batch, listed];
    await ready;
    for (const done of [submitted, batch, listed]) {
      expect(String(done.stderr)).not.toMatch(CHATTER);
      expect(done.exitCode).toBe(0);
    }
    expect(submitted.stdout).toBe("Together.");
    expect(String(batch.stderr)).toContain("wrote 3 results to results.jsonl");
  } finally {
    for (const worker of workers) worker.kill("SIGTERM");
  }
  const stopped = await Promise.all(workers);
  for (const worker of stopped) expect(String(worker.stderr)).not.toMatch(CHATTER);
  return [...stopped, ...others].map((done) => String(done.stderr));
}

describe("durable commands started at the same moment on a fresh database", () => {
  const pg = usePostgres();

  it("--db naming a database that does not exist yet: it is created once, and all come up", async () => {
    const url = pg.url.replace(/\/tinyloop$/, "/together");
    await startTogether({}, ["--db", url]);
  }, 120_000);

  it("no --db on a new machine: one process starts the local database, all come up on it", async () => {
    const stateHome = mkdtempSync(join(tmpdir(), "tinyloop-state-"));
    chmodSync(stateHome, 0o755); // as root the server runs as the postgres user
    const folder = join(stateHome, "tinyloop", "postgres");
    try {
      const errors = await startTogether(
        { XDG_STATE_HOME: stateHome, TINYLOOP_DATABASE_URL: "" },
        [],
      );
      const starts = errors.filter((stderr) =>
        stderr.includes(`started the local runs database in ${folder}`),
      );
      expect(starts).toHaveLength(1);
    } finally {
      await stopLocalDatabase({ folder });
      rmSync(stateHome, { recursive: true, force: true });
    }
  }, 120_000);
});
