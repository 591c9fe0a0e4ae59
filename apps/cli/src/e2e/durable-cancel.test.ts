import { readFileSync } from "node:fs";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** The lines the fixture's counting tools wrote. */
const tallied = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

/** Resolves once `file` holds `line`. */
async function untilTallied(file: string, line: string): Promise<void> {
  while (!tallied(file).includes(line)) await new Promise((wake) => setTimeout(wake, 50));
}

describe("runs ID --cancel of a running run (real Postgres, a worker process)", () => {
  const pg = usePostgres();

  it("aborts the tool call running, ends the run cancelled, and the worker takes the next run", async () => {
    const tallyFile = s.ws.path("tally.txt");
    await s.withModel([
      {
        toolCalls: [
          {
            id: "slow",
            name: "mcp_fixture_tally_cancellable",
            arguments: { line: "slow", hold_ms: 600_000 },
          },
        ],
      },
      { text: "The next run is answered." },
    ]);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture(["--tally-file", tallyFile]) } }),
    });
    const env = { TINYLOOP_DATABASE_URL: pg.url };
    // One run at a time: the next run can only start once the cancelled one has let go.
    const worker = execa(
      process.execPath,
      [cliBin, "worker", ".mcp.json", "--concurrency", "1", ...s.modelFlags()],
      { cwd: s.ws.dir, env: { NO_COLOR: "1", ...env }, reject: false, stdin: "ignore" },
    );
    try {
      await stderrShows(worker, "tinyloop worker · agent ");
      const submitted = await runCli(["submit", ".mcp.json", "-p", "Count slowly"], {
        cwd: s.ws.dir,
        env,
      });
      expect(submitted.exitCode).toBe(0);
      const id = submitted.stdout.trim();
      await untilTallied(tallyFile, "slow");

      const cancelled = await runCli(["runs", id, "--cancel"], { cwd: s.ws.dir, env });
      expect(cancelled.exitCode).toBe(0);
      // (DBOS's pool may also print pg's DeprecationWarning about overlapping queries.)
      expect(cancelled.stderr).toMatch(new RegExp(`^cancelled run ${id}$`, "m"));
      // The tool saw the cancel: its hold ended early, and its "finished" side effect never came.
      await untilTallied(tallyFile, "slow cancelled");
      expect(tallied(tallyFile)).toEqual(["slow", "slow cancelled"]);

      const next = await runCli(["submit", ".mcp.json", "-p", "Next", "--wait"], {
        cwd: s.ws.dir,
        env,
      });
      expect(next.stdout).toBe("The next run is answered.");
      expect(next.exitCode).toBe(0);

      const shown = await runCli(["runs", id], { cwd: s.ws.dir, env });
      expect(shown.stdout).toMatch(new RegExp(`^run ${id} · \\S+ · cancelled$`, "m"));
      expect(tallied(tallyFile)).toEqual(["slow", "slow cancelled"]);
    } finally {
      worker.kill("SIGTERM");
    }
    expect((await worker).exitCode).toBe(143);
  });
});
