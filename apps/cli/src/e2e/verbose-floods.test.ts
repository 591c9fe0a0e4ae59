import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const STEPS = 2000;

/** The lines of `stderr` that match `shown`, and the sum of the "(N more … left out: <shown>)" counts. */
function cut(stderr: string, shown: RegExp): { shown: number; leftOut: number } {
  const lines = stderr.split("\n");
  let leftOut = 0;
  for (const line of lines) {
    const match = /^\((\d+) more line\(s\) like this were left out: (.*)\)$/.exec(line);
    if (match && shown.test(match[2] ?? "")) leftOut += Number(match[1]);
  }
  return { shown: lines.filter((line) => shown.test(line)).length, leftOut };
}

describe("--verbose floods", () => {
  it(`a call flooding ${STEPS} log lines and ${STEPS} progress reports: each kind cut, and what was left out is counted at exit`, async () => {
    await s.withModel([
      {
        toolCalls: [
          { name: "mcp_fixture_progress", arguments: { steps: STEPS, delayMs: 0, log: true } },
        ],
      },
      { text: "done" },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--verbose", "--yes", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("done");
    const logs = cut(r.stderr, /^server fixture \[info\] fixture: step \d+$/);
    const progress = cut(r.stderr, /^… mcp_fixture_progress \d+\/2000 step \d+ of 2000$/);
    for (const kind of [logs, progress]) {
      expect(kind.shown).toBeGreaterThan(0);
      expect(kind.leftOut).toBeGreaterThan(0);
      // Every line is either shown or counted, the count said before the CLI exits.
      expect(kind.shown + kind.leftOut).toBe(STEPS);
    }
    expect(r.stderr.split("\n").length).toBeLessThan(STEPS / 4);
  });
});
