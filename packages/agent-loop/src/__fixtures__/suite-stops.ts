import { expect, it } from "vitest";
import { type AgentSuite, toolMessages } from "./agent-suite-context.js";
import { collect, doneOf, textOf, toolResults } from "./collect.js";
import { historyProblems } from "./valid-history.js";

/** How runs end: every stop reason, exit tools among other calls, conversations over several runs. */
export function defineStopTests(suite: AgentSuite): void {
  it("completes with the model's text when it answers without tools", async () => {
    const agent = await suite.agentFor([
      { text: "Hello there", usage: { inputTokens: 12, outputTokens: 3 } },
    ]);
    const events = await collect(agent.run("Hi"));
    expect(events.map((event) => event.type)).toEqual([
      "turn-start",
      ...events.filter((event) => event.type === "text-delta").map(() => "text-delta"),
      "turn-end",
      "done",
    ]);
    expect(doneOf(events)).toMatchObject({
      reason: "completed",
      text: "Hello there",
      turns: 1,
      usage: { inputTokens: 12, outputTokens: 3 },
    });
    expect(events.find((event) => event.type === "turn-end")).toMatchObject({
      turn: 1,
      usage: { inputTokens: 12, outputTokens: 3 },
      toolCalls: 0,
    });
    expect(agent.messages).toEqual([
      { role: "system", content: "You are a test agent." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello there" },
    ]);
  });

  it("calls built-in and MCP tools and ends with task_complete's summary", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["shout", { text: "hi" }],
          ["mcp_fx_echo", { text: "from mcp" }],
        ],
      },
      { calls: [["task_complete", { summary: "Shouted and echoed." }]] },
    ]);
    const events = await collect(agent.run("Go"));
    expect(doneOf(events)).toMatchObject({
      reason: "completed",
      text: "Shouted and echoed.",
      turns: 2,
    });
    // Streamed pieces of each call come before the complete call, for live display.
    const firstDelta = events.findIndex((e) => e.type === "tool-call-delta" && e.name === "shout");
    const firstCall = events.findIndex((e) => e.type === "tool-call");
    expect(firstDelta).toBeGreaterThan(-1);
    expect(firstDelta).toBeLessThan(firstCall);
    const results = toolMessages(agent.messages);
    expect(results.map((message) => [message.toolName, textOf(message.content)])).toEqual([
      ["shout", "HI"],
      ["mcp_fx_echo", "from mcp"],
      ["task_complete", "Task marked complete."],
    ]);
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it("stops as asked with the question, and continues with the answer in the next run", async () => {
    const agent = await suite.agentFor([
      { text: "I need to know.", calls: [["ask_question", { question: "Which file?" }]] },
      { text: "Reading notes.txt then." },
    ]);
    const first = doneOf(await collect(agent.run("Read the file")));
    expect(first).toMatchObject({ reason: "asked", text: "Which file?" });
    const second = doneOf(await collect(agent.run("notes.txt")));
    expect(second).toMatchObject({ reason: "completed", text: "Reading notes.txt then." });
    expect(agent.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
    ]);
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it("keeps going when an exit call fails (ask_question without a question)", async () => {
    const agent = await suite.agentFor([
      { calls: [["ask_question", {}]] },
      { calls: [["ask_question", { question: "Which file, then?" }]] },
    ]);
    const events = await collect(agent.run("Read it"));
    expect(toolResults(events).map((event) => event.outcome)).toEqual(["error", "ok"]);
    const [failed] = toolMessages(agent.messages);
    expect(failed?.isError).toBe(true);
    expect(textOf(failed?.content ?? [])).toMatch(/question: is required but missing/);
    expect(doneOf(events)).toMatchObject({
      reason: "asked",
      text: "Which file, then?",
      turns: 2,
    });
  });

  it("stops at maxTurns, counting tool turns", async () => {
    const agent = await suite.agentFor(
      [
        { calls: [["shout", { text: "a" }]] },
        { calls: [["shout", { text: "b" }]] },
        { text: "Reached in the next run." },
      ],
      { maxTurns: 2 },
    );
    const events = await collect(agent.run("Loop"));
    expect(doneOf(events)).toMatchObject({ reason: "max-turns", turns: 2 });
    expect(events.filter((event) => event.type === "turn-start")).toHaveLength(2);
    expect(historyProblems(agent.messages)).toEqual([]);
    expect(doneOf(await collect(agent.run("Go on")))).toMatchObject({
      reason: "completed",
      text: "Reached in the next run.",
      turns: 1,
    });
  });

  it("lets the other calls finish before stopping at an exit tool among them", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["mcp_fx_sleep", { ms: 150 }],
          ["task_complete", { summary: "All done." }],
          ["shout", { text: "last" }],
        ],
      },
    ]);
    const events = await collect(agent.run("Finish"));
    expect(doneOf(events)).toMatchObject({ reason: "completed", text: "All done.", turns: 1 });
    const outcomes = toolResults(events).map((event) => [event.call.name, event.outcome]);
    expect(outcomes).toHaveLength(3);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        ["mcp_fx_sleep", "ok"],
        ["task_complete", "ok"],
        ["shout", "ok"],
      ]),
    );
    expect(toolMessages(agent.messages).map((message) => textOf(message.content))).toEqual([
      "slept 150ms",
      "Task marked complete.",
      "LAST",
    ]);
  });

  it("carries a conversation over several runs", async () => {
    const agent = await suite.agentFor([
      { text: "Nice to meet you, Ada." },
      { calls: [["shout", { text: "ada" }]] },
      { text: "Your name is ADA." },
    ]);
    await collect(agent.run("I am Ada."));
    const done = doneOf(await collect(agent.run("Shout my name.")));
    expect(done).toMatchObject({ reason: "completed", text: "Your name is ADA.", turns: 2 });
    expect(agent.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    agent.reset();
    expect(agent.messages).toEqual([{ role: "system", content: "You are a test agent." }]);
  });

  it("shares one registry between two agents", async () => {
    const first = await suite.agentFor([{ calls: [["task_complete", { summary: "one" }]] }]);
    const firstRig = suite.detachRig();
    const second = await suite.agentFor([{ calls: [["task_complete", { summary: "two" }]] }]);
    expect(doneOf(await collect(first.run("a"))).text).toBe("one");
    expect(doneOf(await collect(second.run("b"))).text).toBe("two");
    await firstRig?.close();
  });
}
