import { type AgentEvent, consumeRun } from "@tinyloop/agent-loop";
import { plainStyle } from "@tinyloop/agent-session";
import { describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { AnswerTimelines } from "./answer-timelines.js";
import { EventPrinter } from "./event-printer.js";
import type { ReasoningDisplay } from "./reasoning-display.js";

const sessions = useFixtureSessions();

/** What a printer wrote, answer and information apart. */
function sinks() {
  const written = { text: "", info: "" };
  return {
    written,
    text: { write: (chunk: string) => (written.text += chunk) },
    info: { write: (chunk: string) => (written.info += chunk) },
  };
}

/** One real run: reasoning, a call of the fixture's echo tool, then an answer with an escape. */
async function events(): Promise<AgentEvent[]> {
  const session = await sessions.open(
    [stdioServer("fx")],
    [
      {
        reasoning: "Echo first.",
        toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "hi" } }],
      },
      { text: "Done \u001b[2J here." },
    ],
  );
  const seen: AgentEvent[] = [];
  await consumeRun(session.agent.run("go"), (event) => seen.push(event));
  return seen;
}

function print(all: AgentEvent[], reasoning: ReasoningDisplay) {
  const out = sinks();
  const printer = new EventPrinter({
    text: out.text,
    info: out.info,
    style: plainStyle,
    reasoning: () => reasoning,
  });
  for (const event of all) printer.show(event);
  printer.breakLine();
  return out.written;
}

describe("EventPrinter", () => {
  it("streams the answer with its controls made visible and puts tool lines apart", async () => {
    const all = await events();
    const { text, info } = print(all, "collapsed");
    expect(text).toBe("Done \\x1b[2J here.\n");
    expect(info).toMatch(/^▸ thinking: Echo first\./m);
    expect(info).toMatch(/^→ mcp_fx_echo text="hi"$/m);
    expect(info).toMatch(/^✓ mcp_fx_echo \S+ · hi$/m);
    // The collapsed reasoning line comes before the call it led to.
    expect(info.indexOf("thinking")).toBeLessThan(info.indexOf("→ mcp_fx_echo"));
  });

  it("streams reasoning in full under its heading, or hides it", async () => {
    const all = await events();
    expect(print(all, "full").info).toMatch(/^▾ thinking\nEcho first\.\n→ mcp_fx_echo/m);
    expect(print(all, "hidden").info).not.toContain("Echo first");
  });

  it("shows a result whole once switched to full results", async () => {
    const all = await events();
    const out = sinks();
    const printer = new EventPrinter({ text: out.text, info: out.info, style: plainStyle });
    printer.results = "full";
    for (const event of all) printer.show(event);
    expect(out.written.info).toMatch(/^✓ mcp_fx_echo \S+\nhi$/m);
  });
});

describe("AnswerTimelines", () => {
  it("says there is no answer yet, then draws the last finished run", async () => {
    const timelines = new AnswerTimelines();
    const style = { ...plainStyle, enabled: false };
    expect(timelines.draw(style, undefined)).toBe(
      "no answer yet: /timeline draws the last answer's run",
    );
    let finished: unknown;
    for (const event of await events()) finished = timelines.add(event) ?? finished;
    expect(finished).toBe(timelines.last);
    expect(timelines.draw(style, 80)).toContain("mcp_fx_echo");
  });
});
