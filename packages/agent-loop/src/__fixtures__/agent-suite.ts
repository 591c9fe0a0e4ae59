import type { ChatMessage } from "@tinyloop/inference-adapters";
import { TINY_PNG } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../agent.js";
import type { AgentOptions } from "../agent-options.js";
import type { AgentEvent } from "../events.js";
import { collect, doneOf, textOf, toolResults } from "./collect.js";
import type { MakeRig, ModelRig, RigTurn } from "./model-rig.js";
import { startToolWorld, type ToolWorld } from "./tool-world.js";
import { historyProblems } from "./valid-history.js";

type ToolMessage = Extract<ChatMessage, { role: "tool" }>;
const toolMessages = (messages: readonly ChatMessage[]) =>
  messages.filter((message): message is ToolMessage => message.role === "tool");

/**
 * The behaviour every adapter must show through the agent: the same tests, run once with
 * the replay model and once with the OpenAI-compatible adapter against the scripted server.
 * Tools are real: built-ins and the tools of a fixture MCP server process.
 */
export function defineAgentSuite(label: string, makeRig: MakeRig): void {
  describe(`Agent with ${label}`, () => {
    let world: ToolWorld;
    let rig: ModelRig | undefined;

    beforeEach(async () => {
      world = await startToolWorld();
    });

    afterEach(async () => {
      await rig?.close();
      rig = undefined;
      expect(await world.close()).toEqual([]);
    });

    const agentFor = async (
      turns: RigTurn[],
      options: Partial<AgentOptions> = {},
      rigOptions: { vision?: boolean } = {},
    ) => {
      rig = await makeRig(turns, rigOptions);
      return new Agent({
        model: rig.model,
        registry: world.registry,
        systemPrompt: "You are a test agent.",
        ...options,
      });
    };

    it("completes with the model's text when it answers without tools", async () => {
      const agent = await agentFor([
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
      const agent = await agentFor([
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
      const firstDelta = events.findIndex(
        (e) => e.type === "tool-call-delta" && e.name === "shout",
      );
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
      const agent = await agentFor([
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
      const agent = await agentFor([
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
      const agent = await agentFor(
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

    it("runs eight 200 ms calls at once (built-in and MCP): all start before any ends", async () => {
      const calls: Array<[string, Record<string, unknown>]> = [];
      for (let i = 0; i < 4; i++) calls.push(["mcp_fx_sleep", { ms: 200 }], ["wait", { ms: 200 }]);
      const agent = await agentFor([{ calls }, { text: "done" }]);
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
      const agent = await agentFor([{ calls }, { text: "done" }], { toolConcurrency: 2 });
      const results = toolResults(await collect(agent.run("Sleep")));
      const running = (t: number) =>
        results.filter((r) => r.startedAt <= t && t < r.endedAt).length;
      expect(Math.max(...results.map((r) => running(r.startedAt)))).toBe(2);
    });

    it("appends results in call order whatever order they finish in", async () => {
      const agent = await agentFor([
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
      const ids =
        assistant?.role === "assistant" ? assistant.toolCalls?.map((call) => call.id) : [];
      const results = toolMessages(agent.messages);
      expect(results.map((message) => message.toolCallId)).toEqual(ids);
      expect(results.map((message) => textOf(message.content))).toEqual([
        "first done",
        "second done",
        "third done",
        "fourth",
      ]);
    });

    it("lets the other calls finish before stopping at an exit tool among them", async () => {
      const agent = await agentFor([
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

    it("asks approve before each call, in call order; a denial is an error result", async () => {
      const asked: string[] = [];
      const agent = await agentFor(
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

    it("on abort mid-tool cancels the calls in flight, keeps the history valid and stays usable", async () => {
      const controller = new AbortController();
      const agent = await agentFor([
        {
          calls: [
            ["mcp_fx_hang", {}],
            ["shout", { text: "quick" }],
            ["wait", { ms: 60_000 }],
          ],
        },
        { text: "Fresh start." },
      ]);
      const events: AgentEvent[] = [];
      for await (const event of agent.run("Hang", { signal: controller.signal })) {
        events.push(event);
        if (event.type === "tool-result" && event.call.name === "shout") controller.abort();
      }
      expect(doneOf(events).reason).toBe("aborted");
      expect(toolResults(events).map((event) => [event.call.name, event.outcome])).toEqual([
        ["shout", "ok"],
        ["mcp_fx_hang", "cancelled"],
        ["wait", "cancelled"],
      ]);
      const results = toolMessages(agent.messages);
      expect(results.map((message) => [message.toolName, textOf(message.content)])).toEqual([
        ["mcp_fx_hang", expect.stringMatching(/^cancelled/)],
        ["shout", "QUICK"],
        ["wait", expect.stringMatching(/^cancelled/)],
      ]);
      expect(historyProblems(agent.messages)).toEqual([]);
      // The MCP server saw the cancellation of the hanging call.
      const stats = await world.registry.dispatch("mcp_fx_stats", {});
      expect(JSON.parse(textOf(stats.content))).toMatchObject({ cancelled: 1 });

      const next = doneOf(await collect(agent.run("Again")));
      expect(next).toMatchObject({ reason: "completed", text: "Fresh start." });
      expect(historyProblems(agent.messages)).toEqual([]);
    });

    it("cancels a call whose approval is still pending when the run aborts", async () => {
      const controller = new AbortController();
      let hookSignal: AbortSignal | undefined;
      const agent = await agentFor(
        [{ calls: [["shout", { text: "wait for me" }]] }, { text: "Later." }],
        {
          // A person who never answers: the hook waits until the run's signal aborts.
          approve: (_call, _definition, { signal }) => {
            hookSignal = signal;
            setTimeout(() => controller.abort(), 50);
            return new Promise<boolean>(() => {});
          },
        },
      );
      const events = await collect(agent.run("Shout", { signal: controller.signal }));
      expect(doneOf(events).reason).toBe("aborted");
      expect(hookSignal?.aborted).toBe(true);
      expect(toolResults(events).map((event) => event.outcome)).toEqual(["cancelled"]);
      expect(historyProblems(agent.messages)).toEqual([]);
      expect(doneOf(await collect(agent.run("Again"))).text).toBe("Later.");
    });

    it("keeps the partial answer when the consumer stops during the stream", async () => {
      const agent = await agentFor([{ text: "One two three four." }, { text: "Next." }]);
      for await (const event of agent.run("Count")) {
        if (event.type === "text-delta") break;
      }
      const last = agent.messages.at(-1);
      expect(last?.role).toBe("assistant");
      const partial = last?.role === "assistant" ? last.content : "";
      expect(partial.length).toBeGreaterThan(0);
      expect("One two three four.".startsWith(partial)).toBe(true);
      expect(doneOf(await collect(agent.run("Again"))).text).toBe("Next.");
    });

    it("treats leaving the loop early as an abort and repairs the history", async () => {
      const agent = await agentFor([
        {
          calls: [
            ["mcp_fx_hang", {}],
            ["shout", { text: "x" }],
          ],
        },
        { text: "Back." },
      ]);
      for await (const event of agent.run("Go")) {
        if (event.type === "tool-result") break;
      }
      expect(agent.running).toBe(false);
      expect(historyProblems(agent.messages)).toEqual([]);
      expect(toolMessages(agent.messages)).toHaveLength(2);
      expect(doneOf(await collect(agent.run("Again"))).text).toBe("Back.");
    });

    it("sees a registry change between turns: a server's list_changed and a new built-in", async () => {
      const agent = await agentFor([
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
      const synced = world.nextSync();
      for await (const event of agent.run("Add tools")) {
        if (event.type === "turn-end" && event.turn === 1) await synced;
      }
      // Had the second turn not offered the new tools, their calls would be "unavailable".
      const results = toolMessages(agent.messages).map((message) => textOf(message.content));
      expect(results).toEqual(["added late", "installed fresh", "late: hello late", "fresh ran"]);
    });

    it("passes on the progress a tool reports while it runs", async () => {
      const agent = await agentFor([
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

    it("cuts long tool results for the model and says so, keeping the full result in the event", async () => {
      const agent = await agentFor([{ calls: [["mcp_fx_big", { bytes: 5000 }]] }, { text: "ok" }], {
        maxToolResultChars: 1000,
      });
      const events = await collect(agent.run("Big"));
      expect(textOf(toolResults(events)[0]?.result.content ?? [])).toHaveLength(5000);
      const [message] = toolMessages(agent.messages);
      const text = textOf(message?.content ?? []);
      expect(text.startsWith("x".repeat(1000))).toBe(true);
      expect(text).not.toContain("x".repeat(1001));
      expect(text).toContain("[output truncated: showing the first 1000 of 5000 characters]");
    });

    it("replaces images with a placeholder for a model without vision, and keeps them with vision", async () => {
      const blind = await agentFor([{ calls: [["mcp_fx_image", {}]] }, { text: "ok" }]);
      await collect(blind.run("Picture"));
      const [placeholder] = toolMessages(blind.messages);
      expect(placeholder?.content).toEqual([
        {
          type: "text",
          text: expect.stringMatching(
            /^\[the tool returned an image \(image\/png, about 1 KB\) that is not shown/,
          ),
        },
      ]);
      await rig?.close();

      const seeing = await agentFor(
        [{ calls: [["mcp_fx_image", {}]] }, { text: "ok" }],
        {},
        { vision: true },
      );
      await collect(seeing.run("Picture"));
      const [image] = toolMessages(seeing.messages);
      expect(image?.content).toEqual([{ type: "image", mimeType: "image/png", data: TINY_PNG }]);
    });

    it("carries a conversation over several runs", async () => {
      const agent = await agentFor([
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

    it("returns broken arguments, unknown tools and tool errors to the model and keeps going", async () => {
      const agent = await agentFor([
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
      const texts = toolMessages(agent.messages).map((message) => textOf(message.content));
      expect(texts[0]).toMatch(/Invalid arguments for tool "shout"/);
      expect(texts[1]).toMatch(
        /Tool "no_such_tool" is not available to this agent\. Call one of: .*shout/,
      );
      expect(texts[2]).toMatch(/fixture failure: nope/);
      expect(doneOf(events)).toMatchObject({ reason: "completed", text: "Recovered." });
    });

    it("offers only the filtered tools, plus the exit tools", async () => {
      const agent = await agentFor(
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

    it("shares one registry between two agents", async () => {
      const first = await agentFor([{ calls: [["task_complete", { summary: "one" }]] }]);
      const firstRig = rig;
      rig = undefined;
      const second = await agentFor([{ calls: [["task_complete", { summary: "two" }]] }]);
      expect(doneOf(await collect(first.run("a"))).text).toBe("one");
      expect(doneOf(await collect(second.run("b"))).text).toBe("two");
      await firstRig?.close();
    });
  });
}
