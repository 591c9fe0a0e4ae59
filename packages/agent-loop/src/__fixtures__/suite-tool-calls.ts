import { expect, it } from "vitest";
import { type AgentSuite, toolMessages } from "./agent-suite-context.js";
import { collect, doneOf, textOf, toolResults } from "./collect.js";

/** How tool calls run: in parallel and bounded, results in call order, approval, errors back to the model, filters, registry changes, progress. */
export function defineToolCallTests(suite: AgentSuite): void {
  it("runs eight 200 ms calls at once (built-in and MCP): all start before any ends", async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    for (let i = 0; i < 4; i++) calls.push(["mcp_fx_sleep", { ms: 200 }], ["wait", { ms: 200 }]);
    const agent = await suite.agentFor([{ calls }, { text: "done" }]);
    const results = toolResults(await collect(agent.run("Sleep")));
    expect(results).toHaveLength(8);
    expect(results.every((event) => event.outcome === "ok")).toBe(true);
    const lastStart = Math.max(...results.map((event) => event.startedAt));
    const firstEnd = Math.min(...results.map((event) => event.endedAt));
    expect(lastStart).toBeLessThan(firstEnd);
    // Each result says how long its tool took: at least the 200 ms it slept (a lower
    // bound, which load cannot break), and exactly its own end minus its own start.
    for (const event of results) {
      expect(event.durationMs).toBe(event.endedAt - event.startedAt);
      expect(event.durationMs).toBeGreaterThanOrEqual(195);
    }
  });

  it("bounds parallel calls by toolConcurrency", async () => {
    const calls = Array.from({ length: 4 }, (): [string, Record<string, unknown>] => [
      "wait",
      { ms: 50 },
    ]);
    const agent = await suite.agentFor([{ calls }, { text: "done" }], { toolConcurrency: 2 });
    const results = toolResults(await collect(agent.run("Sleep")));
    const running = (t: number) => results.filter((r) => r.startedAt <= t && t < r.endedAt).length;
    expect(Math.max(...results.map((r) => running(r.startedAt)))).toBe(2);
  });

  it("appends results in call order whatever order they finish in", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["latch", { name: "first", after: "second" }],
          ["latch", { name: "second", after: "third" }],
          ["latch", { name: "third" }],
          ["mcp_fx_echo", { text: "fourth" }],
        ],
      },
      { text: "ok" },
    ]);
    const events = await collect(agent.run("Order"));
    const finished = toolResults(events).map((event) => textOf(event.result.content));
    expect(finished.filter((text) => text !== "fourth")).toEqual([
      "third done",
      "second done",
      "first done",
    ]);
    const assistant = agent.messages.find((message) => message.role === "assistant");
    const ids = assistant?.role === "assistant" ? assistant.toolCalls?.map((call) => call.id) : [];
    const results = toolMessages(agent.messages);
    expect(results.map((message) => message.toolCallId)).toEqual(ids);
    expect(results.map((message) => textOf(message.content))).toEqual([
      "first done",
      "second done",
      "third done",
      "fourth",
    ]);
  });

  it("asks approve before each call, in call order; a denial is an error result", async () => {
    const asked: string[] = [];
    const agent = await suite.agentFor(
      [
        {
          calls: [
            ["shout", { text: "yes" }],
            ["mcp_fx_echo", { text: "no" }],
          ],
        },
        { calls: [["task_complete", {}]] },
      ],
      {
        approve: async (call, definition) => {
          asked.push(`${call.name}:${definition.source ? "mcp" : definition.toolset}`);
          return call.name === "shout";
        },
      },
    );
    const events = await collect(agent.run("Try"));
    expect(asked).toEqual(["shout:builtin", "mcp_fx_echo:mcp"]); // exit tools are not asked
    expect(toolResults(events).map((event) => [event.call.name, event.outcome])).toContainEqual([
      "mcp_fx_echo",
      "denied",
    ]);
    const [shout, echo] = toolMessages(agent.messages);
    expect(shout && textOf(shout.content)).toBe("YES");
    expect(echo).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "denied by the user" }],
    });
    expect(doneOf(events).reason).toBe("completed");
  });

  it("returns broken arguments, unknown tools and tool errors to the model and keeps going", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["shout", { loud: true }],
          ["no_such_tool", {}],
          ["mcp_fx_fail", { message: "nope" }],
        ],
      },
      { text: "Recovered." },
    ]);
    const events = await collect(agent.run("Break things"));
    expect(toolResults(events).every((event) => event.result.isError)).toBe(true);
    const codes = new Map(toolResults(events).map((event) => [event.call.name, event.result.code]));
    expect(Object.fromEntries(codes)).toEqual({
      shout: "INVALID_ARGUMENTS",
      no_such_tool: "UNKNOWN_TOOL",
      mcp_fx_fail: undefined, // the server's own error: no code
    });
    const texts = toolMessages(agent.messages).map((message) => textOf(message.content));
    expect(texts[0]).toMatch(/Invalid arguments for tool "shout"/);
    expect(texts[1]).toMatch(/^Unknown tool "no_such_tool"\. Available tools: .*shout/);
    expect(texts[2]).toMatch(/fixture failure: nope/);
    expect(doneOf(events)).toMatchObject({ reason: "completed", text: "Recovered." });
  });

  it("offers only the filtered tools, plus the exit tools", async () => {
    const agent = await suite.agentFor(
      [
        {
          calls: [
            ["shout", { text: "filtered out" }],
            ["mcp_fx_echo", { text: "offered" }],
          ],
        },
        { calls: [["task_complete", { summary: "Stopped through the exit tool." }]] },
      ],
      { tools: { toolsets: ["mcp-fx"] } },
    );
    const events = await collect(agent.run("Shout"));
    expect(toolResults(events).map((event) => [event.call.name, event.outcome])).toEqual(
      expect.arrayContaining([
        ["shout", "unavailable"],
        ["mcp_fx_echo", "ok"],
        ["task_complete", "ok"],
      ]),
    );
    // The filter names only mcp-fx, yet the model could still stop with task_complete.
    expect(doneOf(events)).toMatchObject({
      reason: "completed",
      text: "Stopped through the exit tool.",
      turns: 2,
    });
  });

  it("sees a registry change between turns: a server's list_changed and a new built-in", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["mcp_fx_add_tool", { name: "late" }],
          ["install", { name: "fresh" }],
        ],
      },
      {
        calls: [
          ["mcp_fx_late", { text: "hello late" }],
          ["fresh", {}],
        ],
      },
      { text: "ok" },
    ]);
    // The sync after list_changed is asynchronous; the first turn's results wait for it so
    // that the change is in the registry before the second turn, as it would be when a
    // server changes while the model thinks.
    const synced = suite.world().nextSync();
    for await (const event of agent.run("Add tools")) {
      if (event.type === "turn-end" && event.turn === 1) await synced;
    }
    // Had the second turn not offered the new tools, their calls would be "unavailable".
    const results = toolMessages(agent.messages).map((message) => textOf(message.content));
    expect(results).toEqual(["added late", "installed fresh", "late: hello late", "fresh ran"]);
  });

  it("passes on the progress a tool reports while it runs", async () => {
    const agent = await suite.agentFor([
      { calls: [["mcp_fx_progress", { steps: 3, delayMs: 10 }]] },
      { text: "ok" },
    ]);
    const events = await collect(agent.run("Progress"));
    const seen = events
      .filter((event) => event.type === "tool-progress" || event.type === "tool-result")
      .map((event) =>
        event.type === "tool-progress"
          ? `${event.progress}/${event.total} ${event.message}`
          : "result",
      );
    expect(seen).toEqual(["1/3 step 1 of 3", "2/3 step 2 of 3", "3/3 step 3 of 3", "result"]);
  });
}
