import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });

describe("durable runs from the CLI: worker, submit, runs", () => {
  const pg = usePostgres();

  it("a bad --db URL exits 2 saying what is wrong, with an example", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["submit", ".mcp.json", "-p", "hi", "--db", "mysql://db/runs"], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      'tinyloop: --db: expected the scheme postgresql:// or postgres://, got "mysql://" (example: postgresql://user:password@localhost:5432/tinyloop)',
    );
    const noId = await runCli(["runs", "--cancel"], { cwd: s.ws.dir });
    expect(noId.exitCode).toBe(2);
    expect(noId.stderr).toMatch(
      /^tinyloop: --cancel: expected the ID of the run to cancel, got none/,
    );
  });

  it("an unreachable database exits 1 naming host and port, and starts no MCP server", async () => {
    const port = await closedPort();
    // A "server" whose start would leave a file behind.
    const witness = {
      command: process.execPath,
      args: ["-e", "require('fs').writeFileSync('server-started', '')"],
    };
    s.ws.write({ ".mcp.json": json({ mcpServers: { witness } }) });
    await s.withModel([{ text: "never asked" }]);
    const r = await runCli(["worker", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { TINYLOOP_DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/tinyloop` },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`Could not reach the database at 127.0.0.1:${port}`);
    expect(existsSync(s.ws.path("server-started"))).toBe(false);
  });

  it("a worker process takes the run that submit --wait queued, and runs shows its steps", async () => {
    await s.withModel([
      { toolCalls: [{ id: "e1", name: "mcp_fixture_echo", arguments: { text: "durable" } }] },
      { text: "The echo said durable." },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const worker = execa(
      process.execPath,
      [cliBin, "worker", ".mcp.json", "--db", pg.url, "--concurrency", "2", ...s.modelFlags()],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    try {
      // The start line names the provider and model, as `run` does.
      await stderrShows(worker, " · model: openai-compatible scripted · ");
      const submitted = await runCli(["submit", ".mcp.json", "-p", "Echo durable", "--wait"], {
        cwd: s.ws.dir,
        env: { TINYLOOP_DATABASE_URL: pg.url },
      });
      expect(submitted.stderr).toMatch(/^queued run [\w-]+; waiting for a worker of /m);
      expect(submitted.stdout).toBe("The echo said durable.");
      expect(submitted.exitCode).toBe(0);
      const id = /^queued run ([\w-]+);/m.exec(submitted.stderr)?.[1] ?? "";

      const list = await runCli(["runs", "--db", pg.url], { cwd: s.ws.dir });
      expect(list.stdout).toMatch(new RegExp(`^${id}  completed  `, "m"));
      const shown = await runCli(["runs", id, "--db", pg.url], { cwd: s.ws.dir });
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).toContain(`run ${id} · `);
      expect(shown.stdout).toContain("prompt  Echo durable");
      expect(shown.stdout).toContain("  turn-1/model  calls mcp_fixture_echo");
      expect(shown.stdout).toContain("  turn-1/tool-0/e1  durable");
      expect(shown.stdout).toContain("result  completed after 2 turn(s)\nThe echo said durable.");
    } finally {
      worker.kill("SIGTERM");
    }
    const stopped = await worker;
    expect(stopped.exitCode).toBe(143);
  });

  it("submit --timeout: a run past its deadline ends, --wait says so and exits 1", async () => {
    await s.withModel([{ text: "Thinking for ever", hang: true }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const worker = execa(
      process.execPath,
      [cliBin, "worker", ".mcp.json", "--db", pg.url, ...s.modelFlags()],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    try {
      await stderrShows(worker, "tinyloop worker · agent ");
      const r = await runCli(
        ["submit", ".mcp.json", "-p", "Think long", "--wait", "--timeout", "2", "--db", pg.url],
        { cwd: s.ws.dir },
      );
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(
        /^tinyloop: (The run passed its deadline \(2000 ms after it started\)|Run \S+ was cancelled before it finished \(cancelled, or past its deadline\))\.$/m,
      );
    } finally {
      worker.kill("SIGTERM");
    }
    expect((await worker).exitCode).toBe(143);
  });

  it("batch: one run per input, results in input order; run again, it runs nothing twice", async () => {
    const model = await s.withModel({ turns: [{ text: "Answered." }], cycle: true } as never);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }),
      "inputs.jsonl": '"first"\n{"prompt": "second"}\n\n"third"\n',
    });
    const args = ["batch", ".mcp.json", "inputs.jsonl", "--out", "results.jsonl", "--db", pg.url];
    const first = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(first.stderr).toContain("done 3/3 · running 0 · failed 0");
    expect(first.stderr).toContain("wrote 3 results to results.jsonl");
    expect(first.exitCode).toBe(0);
    const results = readFileSync(s.ws.path("results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(results.map((r) => [r.line, r.outcome, r.reason, r.text])).toEqual([
      [1, "completed", "completed", "Answered."],
      [2, "completed", "completed", "Answered."],
      [4, "completed", "completed", "Answered."],
    ]);
    const asked = () =>
      model.requests.map((request) => {
        const messages = (request.body as { messages: Array<{ content: string }> }).messages;
        return messages.at(-1)?.content;
      });
    expect(asked().sort()).toEqual(["first", "second", "third"]);

    const again = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("3 of 3 inputs already done; running the rest");
    expect(model.requests).toHaveLength(3);
    expect(readFileSync(s.ws.path("results.jsonl"), "utf8").trim().split("\n")).toHaveLength(3);

    // Another batch writing the same file: refused, not mixed.
    s.ws.write({ "results.jsonl.lock": String(process.pid) });
    const second = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toBe(
      `tinyloop: --out results.jsonl: another batch (pid ${process.pid}) is writing this file; wait for it to finish, or pass another --out`,
    );
  });
});
