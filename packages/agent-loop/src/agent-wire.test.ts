import { InferenceError } from "@tinyloop/inference-adapters";
import type { ScriptedModelServer, ScriptTurn } from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { historyProblems } from "./__fixtures__/valid-history.js";
import { Agent } from "./agent.js";
import { AgentError } from "./agent-error.js";
import type { AgentEvent } from "./events.js";

type WireMessage = {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string }>;
};
type WireBody = { messages: WireMessage[]; tools?: Array<{ function: { name: string } }> };

/** What the scripted server received in request `index`. */
const bodyOf = (server: ScriptedModelServer, index: number) =>
  server.requests[index]?.body as WireBody;

/** Every tool_call id on the wire has its tool message right after the assistant message. */
function wireProblems(messages: WireMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    for (const call of message.tool_calls ?? []) {
      const answered = messages
        .slice(index + 1)
        .findIndex((next) => next.role !== "tool" || next.tool_call_id === call.id);
      const answer = answered === -1 ? undefined : messages[index + 1 + answered];
      if (answer?.tool_call_id !== call.id) problems.push(`call ${call.id} has no tool message`);
    }
  });
  return problems;
}

describe("Agent on the wire (OpenAI-compatible adapter, scripted server, fixture MCP server)", () => {
  let world: ToolWorld;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    world = await startToolWorld();
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    expect(await world.close()).toEqual([]);
  });

  const agentFor = async (
    script: ScriptTurn[],
    options: { vision?: boolean; maxTurns?: number } = {},
  ) => {
    const rig = await openAIRig(script as never, options);
    server = rig.server;
    return new Agent({
      model: rig.model,
      registry: world.registry,
      systemPrompt: "Be brief.",
      ...(options.maxTurns ? { maxTurns: options.maxTurns } : {}),
    });
  };

  it("ends with error and the adapter's message when the model fails, and stays usable", async () => {
    const agent = await agentFor([
      { status: 401, message: "Invalid API key provided" },
      { text: "Working again." },
    ]);
    const done = doneOf(await collect(agent.run("Hi")));
    expect(done.reason).toBe("error");
    expect(InferenceError.isInstance(done.error)).toBe(true);
    expect((done.error as InferenceError).code).toBe("AUTH");
    expect(done.error?.message).toMatch(/401|Invalid API key/);
    expect(doneOf(await collect(agent.run("Retry")))).toMatchObject({
      reason: "completed",
      text: "Working again.",
    });
  });

  it("keeps the tool turn when the model fails in a later turn", async () => {
    const agent = await agentFor([
      { toolCalls: [{ id: "c1", name: "shout", arguments: { text: "a" } }] },
      { status: 500, message: "overloaded" },
    ]);
    const done = doneOf(await collect(agent.run("Go")));
    expect(done).toMatchObject({ reason: "error", turns: 2 });
    expect(done.error?.message).toMatch(/500|overloaded/);
    expect(historyProblems(agent.messages)).toEqual([]);
    expect(agent.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
    ]);
  });

  it("aborts a streaming answer: closes the request and keeps the partial text", async () => {
    const controller = new AbortController();
    const agent = await agentFor([
      { chunks: ["Part one, ", "part two, ", "part three."], delayMs: 150, hang: true },
      { text: "Next answer." },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of agent.run("Talk", { signal: controller.signal })) {
      events.push(event);
      if (event.type === "text-delta") controller.abort();
    }
    expect(doneOf(events)).toMatchObject({ reason: "aborted", text: "Part one, " });
    const first = await server!.waitForRequestEnd(0);
    expect(first.clientClosed).toBe(true);
    expect(agent.messages.at(-1)).toEqual({ role: "assistant", content: "Part one, " });

    expect(doneOf(await collect(agent.run("Go on")))).toMatchObject({ reason: "completed" });
    const sent = bodyOf(server!, 1).messages.map((message) => [message.role, message.content]);
    expect(sent).toEqual([
      ["system", "Be brief."],
      ["user", "Talk"],
      ["assistant", "Part one, "],
      ["user", "Go on"],
    ]);
  });

  it("after an abort mid-tool sends a history the provider accepts: every call has its tool message", async () => {
    const controller = new AbortController();
    const agent = await agentFor([
      {
        toolCalls: [
          { id: "h1", name: "mcp_fx_hang", arguments: {} },
          { id: "w1", name: "wait", arguments: { ms: 60_000 } },
          { id: "s1", name: "shout", arguments: { text: "in flight" } },
        ],
      },
      { text: "Fine." },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of agent.run("Hang", { signal: controller.signal })) {
      events.push(event);
      // All three calls are dispatched together, so the other two are in flight now.
      if (event.type === "tool-result" && event.call.id === "s1") controller.abort();
    }
    expect(doneOf(events).reason).toBe("aborted");
    expect(doneOf(await collect(agent.run("Again")))).toMatchObject({
      reason: "completed",
      text: "Fine.",
    });
    const messages = bodyOf(server!, 1).messages;
    expect(wireProblems(messages)).toEqual([]);
    expect(
      messages.filter((message) => message.role === "tool").map((m) => m.tool_call_id),
    ).toEqual(["h1", "w1", "s1"]);
    expect(String(messages.find((m) => m.tool_call_id === "h1")?.content)).toMatch(/cancelled/);
  });

  it("takes the summary and the question from double-encoded exit arguments, as the registry parsed them", async () => {
    // Small models send the arguments object as a JSON string inside the JSON text.
    const doubleEncoded = (value: Record<string, unknown>) => JSON.stringify(JSON.stringify(value));
    const agent = await agentFor([
      {
        text: "Turn text.",
        toolCalls: [
          {
            id: "c1",
            name: "task_complete",
            arguments: doubleEncoded({ summary: "Done, double-encoded." }),
          },
        ],
      },
      {
        toolCalls: [
          { id: "c2", name: "ask_question", arguments: doubleEncoded({ question: "Which?" }) },
        ],
      },
    ]);
    expect(doneOf(await collect(agent.run("Finish")))).toMatchObject({
      reason: "completed",
      text: "Done, double-encoded.",
    });
    expect(doneOf(await collect(agent.run("Ask")))).toMatchObject({
      reason: "asked",
      text: "Which?",
    });
  });

  it("uses the id the adapter made up for a call the provider sent without one", async () => {
    const agent = await agentFor([
      { toolCalls: [{ id: null, name: "shout", arguments: { text: "hi" } }] },
      { text: "Done." },
    ]);
    expect(doneOf(await collect(agent.run("Shout")))).toMatchObject({ reason: "completed" });
    const sent = bodyOf(server as ScriptedModelServer, 1).messages;
    const id = sent.find((message) => message.tool_calls)?.tool_calls?.[0]?.id;
    expect(id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(sent.find((message) => message.role === "tool")?.tool_call_id).toBe(id);
    expect(wireProblems(sent)).toEqual([]);
  });

  it("offers built-in, MCP and exit tools, and re-registers exit tools someone removed", async () => {
    const agent = await agentFor([{ text: "one" }, { text: "two" }]);
    await collect(agent.run("a"));
    const names = (bodyOf(server!, 0).tools ?? []).map((tool) => tool.function.name);
    expect(names).toEqual(
      expect.arrayContaining(["wait", "shout", "mcp_fx_sleep", "task_complete", "ask_question"]),
    );
    world.registry.unregisterToolset("agent");
    await collect(agent.run("b"));
    const again = (bodyOf(server!, 1).tools ?? []).map((tool) => tool.function.name);
    expect(again).toEqual(expect.arrayContaining(["task_complete", "ask_question"]));
  });

  it("offers no exit tools with exitTools: false, and then only stops when the model answers", async () => {
    const rig = await openAIRig([
      { toolCalls: [{ id: "t", name: "task_complete", arguments: {} }] },
      { text: "done" },
    ]);
    server = rig.server;
    const registry = world.registry;
    const agent = new Agent({ model: rig.model, registry, exitTools: false });
    const events = await collect(agent.run("Stop"));
    const names = (bodyOf(server, 0).tools ?? []).map((tool) => tool.function.name);
    expect(names).not.toContain("task_complete");
    expect(registry.has("task_complete")).toBe(false);
    expect(doneOf(events)).toMatchObject({ reason: "completed", text: "done", turns: 2 });
  });

  it("sends text and image input to a vision model", async () => {
    const agent = await agentFor([{ text: "A red pixel." }], { vision: true });
    const png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    await collect(
      agent.run([
        { type: "text", text: "What is this?" },
        { type: "image", data: png, mimeType: "image/png" },
      ]),
    );
    expect(bodyOf(server!, 0).messages[1]?.content).toEqual([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png}` } },
    ]);
  });

  it("stops at once on a signal aborted before the run, without calling the model", async () => {
    const agent = await agentFor([{ text: "never" }]);
    const done = doneOf(await collect(agent.run("Hi", { signal: AbortSignal.abort() })));
    expect(done).toMatchObject({ reason: "aborted", turns: 0 });
    expect(server!.requests).toHaveLength(0);
  });

  it("refuses a second run (and reset) while one is going", async () => {
    const controller = new AbortController();
    const agent = await agentFor([
      { toolCalls: [{ id: "h", name: "mcp_fx_hang", arguments: {} }] },
    ]);
    const iterator = agent.run("Hang", { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next(); // turn-start: the run is going
    expect(agent.running).toBe(true);
    await expect(agent.run("Other")[Symbol.asyncIterator]().next()).rejects.toSatisfy(
      (error) => AgentError.isInstance(error) && error.code === "RUN_IN_PROGRESS",
    );
    expect(() => agent.reset()).toThrow(/a run is still going/);
    expect(() => agent.restore([])).toThrow(/a run is still going/);
    controller.abort();
    const rest: AgentEvent[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      rest.push(next.value);
    expect(doneOf(rest).reason).toBe("aborted");
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it("continues a restored conversation: this agent's system prompt, then the saved messages", async () => {
    const first = await agentFor([{ text: "Blue." }]);
    await collect(first.run("My favourite colour is blue. Which is it?"));
    const saved = first.messages;
    await server?.close();
    const agent = await agentFor([{ text: "You said blue." }]);
    agent.restore([{ role: "system", content: "an old prompt" }, ...saved]);
    await collect(agent.run("Which colour did I name?"));
    const roles = bodyOf(server!, 0).messages.map((m) => `${m.role}:${String(m.content)}`);
    expect(roles.filter((line) => line.startsWith("system:"))).toHaveLength(1);
    expect(roles).not.toContain("system:an old prompt");
    expect(roles.slice(1)).toEqual([
      "user:My favourite colour is blue. Which is it?",
      "assistant:Blue.",
      "user:Which colour did I name?",
    ]);
    agent.reset();
    expect(agent.messages.map((m) => m.role)).toEqual(["system"]);
  });
});
