import { type AgentEvent, consumeRun } from "@tinyloop/agent-loop";
import { describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { tagStyle } from "./__fixtures__/tag-style.js";
import { eventLine } from "./event-line.js";

const sessions = useFixtureSessions();
const DURATION = String.raw`\d+(\.\d)?m?s`;
const HOW_TO_ALLOW =
  "not run: mcp_fx_add needs approval and nobody can answer here; run with --yes, or set approval never in the file";

/** One turn through a real fixture server: echo runs, progress reports twice, add is denied. */
async function events(): Promise<AgentEvent[]> {
  const session = await sessions.open(
    [stdioServer("fx")],
    [
      {
        toolCalls: [
          { name: "mcp_fx_echo", arguments: { text: "hello\nthere" } },
          { name: "mcp_fx_progress", arguments: { steps: 2, delayMs: 1 } },
          { name: "mcp_fx_add", arguments: { a: 2, b: 3 } },
        ],
      },
      { text: "Done." },
    ],
    { approve: (call) => call.name !== "mcp_fx_add" || { approved: false, reason: HOW_TO_ALLOW } },
  );
  const seen: AgentEvent[] = [];
  await consumeRun(session.agent.run("go"), (event) => seen.push(event));
  return seen;
}

describe("eventLine", () => {
  it("gives a line for each tool call and result, the denial's reason whole, and nothing for text", async () => {
    const lines = (await events()).flatMap((event) => eventLine(event) ?? []);
    expect(lines).toContain(`→ mcp_fx_echo text="hello there"`);
    expect(lines).toContain("→ mcp_fx_add a=2 b=3");
    expect(lines.join("\n")).toMatch(new RegExp(`^✓ mcp_fx_echo ${DURATION} · hello there$`, "m"));
    expect(lines.join("\n")).toMatch(
      new RegExp(`^✗ denied mcp_fx_add ${DURATION} · ${HOW_TO_ALLOW}$`, "m"),
    );
    // Progress only with verbose; deltas and done are the program's.
    expect(lines.some((line) => line.startsWith("…"))).toBe(false);
    expect(lines.some((line) => line.includes("Done."))).toBe(false);
  });

  it("with verbose, a line per progress report; the style marks the parts up", async () => {
    const all = await events();
    const verbose = all.flatMap((event) => eventLine(event, { verbose: true }) ?? []);
    expect(verbose).toContain("… mcp_fx_progress 1/2 step 1 of 2");
    expect(verbose).toContain("… mcp_fx_progress 2/2 step 2 of 2");
    const styled = all.flatMap((event) => eventLine(event, { style: tagStyle }) ?? []);
    expect(styled).toContain(`<cyan>→ mcp_fx_add</cyan><dim> a=2 b=3</dim>`);
    expect(styled.join("\n")).toMatch(/^<yellow>✗ denied<\/yellow> mcp_fx_add <dim>/m);
    expect(styled.join("\n")).toMatch(/^<green>✓<\/green> mcp_fx_echo <dim>/m);
  });
});
