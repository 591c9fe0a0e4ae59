import { readFileSync } from "node:fs";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

const lines = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

/** Resolves once the child's stderr so far matches `pattern`. */
function stderrMatches(child: ReturnType<typeof execa>, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        child.stderr?.off("data", onData);
        resolve();
      }
    };
    child.stderr?.on("data", onData);
    void child.then(() =>
      reject(new Error(`batch ended before stderr matched ${pattern}:\n${seen}`)),
    );
  });
}

describe("batch while the database goes away and comes back (real Postgres, worker processes)", () => {
  const pg = usePostgres();

  it("waits for the database with backoff, saying so without the password, and completes every input once", async () => {
    const tallyFile = s.ws.path("tally.txt");
    await s.withModel({
      turns: [
        {
          toolCalls: [
            { name: "mcp_fixture_tally", arguments: { line: "{{prompt}}", hold_ms: 1000 } },
          ],
        },
        { text: "Answered {{prompt}}." },
      ],
      perConversation: true,
    } as never);
    const prompts = Array.from({ length: 12 }, (_, i) => `input ${i + 1}`);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture(["--tally-file", tallyFile]) } }),
      "inputs.jsonl": `${prompts.map((prompt) => JSON.stringify(prompt)).join("\n")}\n`,
    });
    // Trust authentication takes any password: this one must never be printed.
    const url = pg.url.replace("postgres@", "postgres:s3cret-word@");
    const batch = execa(
      process.execPath,
      [
        cliBin,
        "batch",
        ".mcp.json",
        "inputs.jsonl",
        "--out",
        "results.jsonl",
        "--db",
        url,
        "--workers",
        "2",
        ...s.modelFlags(),
      ],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    try {
      // Stop Postgres while tool calls are running (2 workers × 4 runs at once: 8 of 12).
      while (lines(tallyFile).length < 4) await new Promise((wake) => setTimeout(wake, 50));
      await pg.halt();
      await stderrMatches(
        batch,
        new RegExp(
          `^tinyloop: The database at 127\\.0\\.0\\.1:${pg.port} does not answer \\(.+\\); trying again in \\d+ (ms|s)\\.$`,
          "m",
        ),
      );
      await pg.start();
    } finally {
      await pg.start().catch(() => {}); // never leave the batch waiting on a failed test
    }
    const done = await batch;
    expect(done.stderr).toMatch(
      new RegExp(
        `^tinyloop: The database at 127\\.0\\.0\\.1:${pg.port} answers again\\. Going on\\.$`,
        "m",
      ),
    );
    expect(done.stderr).toContain("wrote 12 results to results.jsonl");
    expect(done.stderr).not.toContain("s3cret-word");
    expect(done.exitCode).toBe(0);
    const results = lines(s.ws.path("results.jsonl")).map((line) => JSON.parse(line));
    expect(results.map((result) => [result.reason, result.text])).toEqual(
      prompts.map((prompt) => ["completed", `Answered ${prompt}.`]),
    );
    // Every input's tool call happened once: none lost, none run twice.
    expect(lines(tallyFile).sort()).toEqual([...prompts].sort());
  });
});
