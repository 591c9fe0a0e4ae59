import { consumeRun } from "@tinyloop/agent-loop";
import { describe, expect, it } from "vitest";
import { disabledServer, stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import type { ReasoningDisplay } from "./reasoning-display.js";
import { sessionCommand } from "./session-commands.js";

const sessions = useFixtureSessions();
const fx = () => stdioServer("fx", { tools: { include: ["echo", "add"] } });
const output = (result: ReturnType<typeof sessionCommand>) =>
  result && "output" in result ? result.output : undefined;

describe("sessionCommand", () => {
  it("lists the commands, with the program's own keys and notes", async () => {
    const session = await sessions.open([fx()], [{ text: "hi" }]);
    expect(output(sessionCommand(session, "/help"))).toBe(
      [
        "/help     this list",
        "/tools    the tools the model sees",
        "/servers  each server's state and tool count",
        "/results  full or short: show each tool result whole, or as one line",
        "/clear    start the conversation over",
        "/exit     leave",
      ].join("\n"),
    );
    const help = output(
      sessionCommand(session, " /help ", {
        exitKeys: "(also Ctrl+D)",
        helpNotes: ["Ctrl+C stops"],
      }),
    );
    expect(help?.split("\n").slice(-2)).toEqual(["/exit     leave (also Ctrl+D)", "Ctrl+C stops"]);
  });

  it("/tools heads a server's tools by the server's name, marks read-only and tools held behind tool_search", async () => {
    const session = await sessions.open([fx()], [{ text: "hi" }], { toolSearch: "always" });
    const lines = output(sessionCommand(session, "/tools"))?.split("\n") ?? [];
    expect(lines).toContain("fx  2 tools");
    expect(lines).toContain(
      "  mcp_fx_echo [read-only] [via tool_search]  Returns its text argument unchanged.",
    );
    expect(lines).toContain(
      "  mcp_fx_add [via tool_search]  Adds two numbers and returns the sum as text.",
    );
    // The loop's own tools are built in, and offered.
    expect(lines.some((line) => /^agent \(built-in\) {2}\d+ tools$/.test(line))).toBe(true);
  });

  it("/servers gives one line per server, a disabled one with its reason", async () => {
    const session = await sessions.open([fx(), disabledServer("off")], [{ text: "hi" }]);
    expect(output(sessionCommand(session, "/servers"))).toBe(
      "fx  ready  2 tools\noff  disabled  0 tools  disabled: true in the file",
    );
  });

  it("/results full|short tells the program how to show tool results; another word is refused", async () => {
    const session = await sessions.open([fx()], [{ text: "hi" }]);
    expect(sessionCommand(session, "/results full")).toEqual({
      output: "tool results are shown whole",
      results: "full",
    });
    expect(sessionCommand(session, "/results short")).toMatchObject({ results: "short" });
    expect(sessionCommand(session, "/results")).toEqual({
      output: "/results: expected full or short, got nothing (example: /results full)",
    });
  });

  it("/clear (or /reset) clears the conversation; /exit and /quit leave; others are unknown or messages", async () => {
    const session = await sessions.open([fx()], [{ text: "Hello." }]);
    await consumeRun(session.agent.run("hi"));
    expect(session.agent.messages.length).toBeGreaterThan(1);
    expect(sessionCommand(session, "/clear")).toEqual({
      output: "conversation cleared",
      cleared: true,
    });
    expect(session.agent.messages.map((m) => m.role)).toEqual(["system"]);
    await consumeRun(session.agent.run("again"));
    expect(output(sessionCommand(session, "/reset"))).toBe("conversation cleared");
    expect(session.agent.messages.map((m) => m.role)).toEqual(["system"]);
    expect(sessionCommand(session, "/exit")).toEqual({ exit: true });
    expect(sessionCommand(session, "/quit")).toEqual({ exit: true });
    expect(output(sessionCommand(session, "/nope now"))).toBe(
      "unknown command /nope; /help lists them",
    );
    expect(sessionCommand(session, "what is /tools?")).toBeUndefined();
  });

  it("/reasoning shows and sets the program's reasoning display, and is offered only with one", async () => {
    const session = await sessions.open([fx()], [{ text: "hi" }]);
    expect(output(sessionCommand(session, "/reasoning show"))).toBe(
      "unknown command /reasoning; /help lists them",
    );
    let display: ReasoningDisplay = "collapsed";
    const reasoning = { get: () => display, set: (next: ReasoningDisplay) => (display = next) };
    const help = output(sessionCommand(session, "/help", { reasoning }))?.split("\n");
    expect(help).toContain("/reasoning show|collapse|hide the model's reasoning");
    expect(help).toContain("/help      this list");
    expect(output(sessionCommand(session, "/reasoning", { reasoning }))).toBe(
      "reasoning: one line per turn (/reasoning show for all of it, /reasoning hide for none)",
    );
    expect(output(sessionCommand(session, "/reasoning hide", { reasoning }))).toMatch(
      /^reasoning: hidden/,
    );
    expect(display).toBe("hidden");
    expect(output(sessionCommand(session, "/reasoning SHOW", { reasoning }))).toMatch(
      /^reasoning: shown in full/,
    );
    expect(display).toBe("full");
    sessionCommand(session, "/reasoning collapse", { reasoning });
    expect(display).toBe("collapsed");
    expect(output(sessionCommand(session, "/reasoning loud", { reasoning }))).toBe(
      '/reasoning: expected show, collapse or hide, got "loud" (example: /reasoning hide)',
    );
    expect(display).toBe("collapsed");
  });

  it("/timeline shows the program's drawing of the last answer, and is offered only with one", async () => {
    const session = await sessions.open([fx()], [{ text: "hi" }]);
    expect(output(sessionCommand(session, "/timeline"))).toBe(
      "unknown command /timeline; /help lists them",
    );
    expect(output(sessionCommand(session, "/help"))).not.toContain("/timeline");
    let drawn = 0;
    const timeline = () => `drawing ${++drawn}`;
    expect(output(sessionCommand(session, "/help", { timeline }))?.split("\n")).toContain(
      "/timeline the last answer's model and tool calls on one time axis",
    );
    expect(output(sessionCommand(session, " /timeline ", { timeline }))).toBe("drawing 1");
    expect(output(sessionCommand(session, "/timeline", { timeline }))).toBe("drawing 2");
  });
});
