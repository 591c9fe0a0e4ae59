import { openDurableClient } from "@tinyloop/durable";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

interface ListedRun {
  id: string;
  agent: string;
  outcome: string;
  error?: string;
}

describe("durable run outcomes in tinyloop's words: runs, runs ID, --json, the worker", () => {
  const pg = usePostgres();

  it("a run whose model file is missing is failed with the error everywhere; a unique start of its id shows it", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const modelFlags = ["--provider", "local", "--model", "missing-model.gguf"];
    const worker = execa(
      process.execPath,
      [cliBin, "worker", ".mcp.json", "--db", pg.url, ...modelFlags],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    let said = "";
    worker.stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
    });
    let id = "";
    try {
      await stderrShows(worker, "tinyloop worker · agent ");
      const submitted = await runCli(["submit", ".mcp.json", "-p", "Anyone?", "--wait"], {
        cwd: s.ws.dir,
        env: { TINYLOOP_DATABASE_URL: pg.url },
      });
      id = /^queued run ([\w-]+);/m.exec(submitted.stderr)?.[1] ?? "";
      expect(submitted.exitCode).toBe(1);
      expect(submitted.stderr).toMatch(/^tinyloop: the run failed: Model file not found: /m);
      // The worker says so too: one line naming the run and the error.
      const line = `tinyloop: run ${id} failed: Model file not found: `;
      const until = Date.now() + 20_000;
      while (!said.includes(line) && Date.now() < until) {
        await new Promise((wake) => setTimeout(wake, 50));
      }
      expect(said).toContain(line);
      expect(said.split("\n").filter((each) => each.includes(id))).toHaveLength(1);
    } finally {
      worker.kill("SIGTERM");
    }
    expect((await worker).exitCode).toBe(143);

    const list = await runCli(["runs", "--db", pg.url], { cwd: s.ws.dir });
    expect(list.stdout).toMatch(
      new RegExp(
        `^${id}  failed {5}\\S+  \\S+  Model file not found: \\S*missing-model\\.gguf`,
        "m",
      ),
    );
    expect(list.stdout).not.toContain("SUCCESS");
    const listed = JSON.parse(
      (await runCli(["runs", "--json", "--db", pg.url], { cwd: s.ws.dir })).stdout,
    ) as ListedRun[];
    expect(listed.find((run) => run.id === id)).toMatchObject({
      outcome: "failed",
      error: expect.stringMatching(/^Model file not found: /),
    });
    expect(listed.every((run) => !("status" in run))).toBe(true);

    // As git takes a commit's first characters: 8 of the id's.
    const shown = await runCli(["runs", id.slice(0, 8), "--db", pg.url], { cwd: s.ws.dir });
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^run ${id} · \\S+ · failed$`, "m"));
    expect(shown.stdout).toMatch(/^result {2}failed after 1 turn\(s\)$/m);
    expect(shown.stdout).toMatch(/^error {3}Model file not found: /m);
  });

  it("a run cancelled while queued names its agent in runs as in runs ID; an ambiguous id lists the runs", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const env = { TINYLOOP_DATABASE_URL: pg.url };
    const submitted = await runCli(["submit", ".mcp.json", "-p", "Never taken"], {
      cwd: s.ws.dir,
      env,
    });
    const id = submitted.stdout.trim();
    const cancelled = await runCli(["runs", id, "--cancel"], { cwd: s.ws.dir, env });
    expect(cancelled.stderr).toMatch(new RegExp(`^cancelled run ${id}$`, "m"));
    const shown = await runCli(["runs", id, "--json"], { cwd: s.ws.dir, env });
    const run = JSON.parse(shown.stdout) as ListedRun;
    expect(run).toMatchObject({ id, outcome: "cancelled" });
    expect(run.agent).not.toBe("");
    const listed = JSON.parse((await runCli(["runs", "--json"], { cwd: s.ws.dir, env })).stdout);
    expect((listed as ListedRun[]).find((each) => each.id === id)).toMatchObject({
      agent: run.agent,
      outcome: "cancelled",
    });
    const list = await runCli(["runs"], { cwd: s.ws.dir, env });
    expect(list.stdout).toMatch(new RegExp(`^${id}  cancelled  ${run.agent}  `, "m"));

    // Two runs whose ids start alike (as a program may choose them).
    const client = await openDurableClient(pg.url);
    try {
      for (const twin of ["twin-1", "twin-2"]) await client.submit(run.agent, twin, { id: twin });
    } finally {
      await client.close();
    }
    const ambiguous = await runCli(["runs", "twin"], { cwd: s.ws.dir, env });
    expect(ambiguous.exitCode).toBe(1);
    // (DBOS's pool may also print pg's DeprecationWarning about overlapping queries.)
    expect(ambiguous.stderr).toMatch(
      /^tinyloop: The id "twin" is the start of 2 runs' ids: twin-1, twin-2\. Give more of the id\. \(RUN_ID_AMBIGUOUS\)$/m,
    );
    const unknown = await runCli(["runs", "nothing-like-it"], { cwd: s.ws.dir, env });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^tinyloop: No run with id "nothing-like-it"/m);
  });
});
