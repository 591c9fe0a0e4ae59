import { readFileSync } from "node:fs";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("batch stopped by Ctrl+C (real Postgres, the worker process it started)", () => {
  const pg = usePostgres();

  it("exits 130 with no error line, stops its worker, and the same batch run again finishes", async () => {
    const tallyFile = s.ws.path("tally.txt");
    await s.withModel({
      turns: [
        {
          toolCalls: [
            { name: "mcp_fixture_tally", arguments: { line: "{{prompt}}", hold_ms: 1500 } },
          ],
        },
        { text: "Answered {{prompt}}." },
      ],
      perConversation: true,
    } as never);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture(["--tally-file", tallyFile]) } }),
      "inputs.jsonl": '"one"\n"two"\n"three"\n',
    });
    const args = ["batch", ".mcp.json", "inputs.jsonl", "--out", "results.jsonl", "--db", pg.url];
    const first = execa(process.execPath, [cliBin, ...args, ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1" },
      reject: false,
      stdin: "ignore",
    });
    await stderrShows(first, "· running 3 ·");
    first.kill("SIGINT");
    const stopped = await first;
    expect(stopped.exitCode).toBe(130);
    expect(stopped.stderr).not.toMatch(/^tinyloop: /m);
    // (The session's leftover-process check fails the test if the worker lived on.)

    const again = await runCli([...args, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("done 3/3 · running 0 · failed 0");
    const results = readFileSync(s.ws.path("results.jsonl"), "utf8").trim().split("\n");
    expect(results.map((line) => JSON.parse(line).outcome)).toEqual([
      "completed",
      "completed",
      "completed",
    ]);
  });
});
