import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { beforeEach, expect, it } from "vitest";
import { json } from "../__fixtures__/e2e-session.js";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

// `--timeline` and `/timeline` on a real terminal (tmux, 100 columns, no colours), against
// the scripted model and the fixture MCP server: turn 1 asks for two sleeps at once (which
// overlap: both are dispatched before either can end) and a tool that fails; turn 2 answers.
const WIDTH = 100;
const s = useTmuxRepl("timeline", { columns: WIDTH, rows: 50, scrollback: true });
const { pane } = s;

beforeEach(async () => {
  s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
  await s.withModel([
    {
      toolCalls: [
        { name: "mcp_fx_sleep", arguments: { ms: 300 } },
        { name: "mcp_fx_sleep", arguments: { ms: 300 } },
        { name: "mcp_fx_fail", arguments: { message: "on purpose" } },
      ],
      usage: { inputTokens: 1500, outputTokens: 42 },
    },
    { text: "All three ran.", usage: { inputTokens: 1700, outputTokens: 7 } },
  ]);
});

/** `tinyloop run .mcp.json --yes ARGS` in the tmux session. */
function start(...args: string[]): void {
  s.startCli(["run", ".mcp.json", ...s.modelFlags(), "--yes", ...args]);
}

/** The timeline's lines on the screen, from its header on. */
function timelineOf(screen: string): string[] {
  const lines = screen.split("\n");
  const from = lines.findLastIndex((line) => line.startsWith("timeline "));
  return lines.slice(from, from + 7);
}

/** Checks the drawing of the scripted run: rows, tokens, failure, overlap, width. */
function checkDrawing(lines: string[]): void {
  expect(lines[0]).toMatch(/^timeline \S+ · 2 turns · tokens 3\.2k in · 49 out · completed$/);
  expect(lines[1]).toMatch(/^ +0 +\S+$/);
  const rows = lines.slice(2);
  expect(rows[0]).toMatch(/^turn 1 +\S+ 1\.5k in 42 out +=+$/);
  expect(rows[1]).toMatch(/^ {2}mcp_fx_sleep +\S+ +#+$/);
  expect(rows[2]).toMatch(/^ {2}mcp_fx_sleep +\S+ +#+$/);
  expect(rows[3]).toMatch(/^ {2}mcp_fx_fail +\S+ ✗ error +x+$/);
  expect(rows[4]).toMatch(/^turn 2 +\S+ 1\.7k in 7 out +=+$/);
  // The two sleeps ran at once: their bars share columns.
  const columns = (row: string | undefined) => {
    const first = row?.search(/[#=x]/) ?? -1;
    return [first, row?.length ?? -1];
  };
  const [a1, a2] = columns(rows[1]);
  const [b1, b2] = columns(rows[2]);
  expect(Math.max(a1 ?? -1, b1 ?? -1)).toBeLessThan(Math.min(a2 ?? -1, b2 ?? -1));
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(WIDTH);
}

describeNeeding(TMUX)("the run's timeline in the terminal", () => {
  it("run -p --timeline draws it on stderr after the answer", async () => {
    start("-p", "Run them", "--timeline");
    const screen = await pane.waitFor((text) => /^EXIT=\d+$/m.test(text), "the run to end");
    expect(screen).toContain("All three ran.");
    expect(screen).toMatch(/^EXIT=0$/m);
    checkDrawing(timelineOf(screen));
  });

  it("/timeline in the REPL draws the last answer (and says when there is none yet)", async () => {
    start();
    await pane.waitFor(
      (text) => text.includes("connected 1/1 servers") && /^›/m.test(text),
      "the prompt",
    );
    pane.keys("/timeline", "Enter");
    await pane.waitFor(
      (text) => text.includes("no answer yet: /timeline draws the last answer's run"),
      "the note",
    );
    pane.keys("Run them", "Enter");
    await pane.waitFor((text) => text.includes("All three ran."), "the answer");
    // Without --timeline the REPL draws none by itself.
    expect(pane.screen()).not.toMatch(/^timeline /m);
    pane.keys("/timeline", "Enter");
    const screen = await pane.waitFor((text) => /^turn 2 .*=+$/m.test(text), "the timeline");
    checkDrawing(timelineOf(screen));
    pane.keys("C-d");
    await pane.waitFor((text) => /^EXIT=0$/m.test(text), "the exit");
  });
});
