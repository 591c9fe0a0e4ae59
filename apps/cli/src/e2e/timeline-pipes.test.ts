import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// `--timeline` where no terminal is: in a pipe (plain characters, 80 columns, on stderr) and
// with --json (a `timeline` event after `done`). The scripted model asks for two echoes at once.
const s = useE2eSession();
const twoEchoes = () => [
  {
    toolCalls: [
      { name: "mcp_fixture_echo", arguments: { text: "a" } },
      { name: "mcp_fixture_echo", arguments: { text: "b" } },
    ],
    usage: { inputTokens: 900, outputTokens: 30 },
  },
  { text: "Both echoed.", usage: { inputTokens: 1000, outputTokens: 4 } },
];

describe("--timeline without a terminal", () => {
  it("draws it on stderr in plain characters within 80 columns; stdout stays the answer", async () => {
    await s.withModel(twoEchoes());
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--timeline", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Both echoed.");
    const lines = r.stderr.split("\n");
    const from = lines.findIndex((line) => line.startsWith("timeline "));
    const drawing = lines.slice(from, from + 6);
    expect(drawing[0]).toMatch(/^timeline \S+ · 2 turns · tokens 1\.9k in · 34 out · completed$/);
    expect(drawing.slice(2).map((line) => line.replace(/ +\S+ms .*| +\S+s .*/, ""))).toEqual([
      "turn 1",
      "  mcp_fixture_echo",
      "  mcp_fixture_echo",
      "turn 2",
    ]);
    expect(drawing[3]).toMatch(/#+$/);
    expect(drawing[5]).toMatch(/=+$/);
    for (const line of drawing) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stderr).not.toContain("\u001b");
  });

  it("--json --timeline writes a timeline event right after done", async () => {
    await s.withModel(twoEchoes());
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "go", "--json", "--timeline", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.at(-2)?.type).toBe("done");
    const timeline = events.at(-1) as {
      type: string;
      bars: Array<{ kind: string; label: string; status: string; startMs: number }>;
    };
    expect(timeline).toMatchObject({ type: "timeline", turns: 2, reason: "completed" });
    expect(timeline.bars.map((bar) => `${bar.kind} ${bar.label} ${bar.status}`)).toEqual([
      "model turn 1 ok",
      "tool mcp_fixture_echo ok",
      "tool mcp_fixture_echo ok",
      "model turn 2 ok",
    ]);
    // The turn events carry the times the timeline is built from.
    const start = events.find((event) => event.type === "turn-start");
    expect(typeof start?.startedAt).toBe("number");
  });
});
