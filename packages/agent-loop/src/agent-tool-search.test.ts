import type { ScriptedModelServer, ScriptTurn } from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeAnthropicRig } from "./__fixtures__/anthropic-rig.js";
import { collect, doneOf, textOf, toolResults } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { Agent, type AgentOptions } from "./index.js";

type WireBody = {
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content?: unknown }>;
};
const offeredIn = (server: ScriptedModelServer, index: number) =>
  (((server.requests[index]?.body ?? {}) as WireBody).tools ?? []).map(
    (tool) => tool.function.name,
  );

describe("tool_search (OpenAI-compatible adapter, scripted server, fixture MCP server)", () => {
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

  const agentFor = async (script: ScriptTurn[], options: Partial<AgentOptions> = {}) => {
    const rig = await openAIRig(script as never);
    server = rig.server;
    return new Agent({ model: rig.model, registry: world.registry, ...options });
  };

  it("keeps MCP tools back, finds mcp_fx_add with tool_search and calls it in the next turn", async () => {
    const agent = await agentFor(
      [
        { toolCalls: [{ id: "s1", name: "tool_search", arguments: { query: "add two numbers" } }] },
        { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 2, b: 3 } }] },
        { text: "2 + 3 = 5" },
      ],
      { toolSearch: "always" },
    );
    const events = await collect(agent.run("What is 2 + 3? Use a tool."));
    expect(doneOf(events)).toMatchObject({ reason: "completed", text: "2 + 3 = 5", turns: 3 });

    const first = offeredIn(server!, 0);
    expect(first).toEqual(expect.arrayContaining(["tool_search", "shout", "task_complete"]));
    expect(first.filter((name) => name.startsWith("mcp_fx_"))).toEqual([]);
    const second = offeredIn(server!, 1);
    expect(second).toContain("mcp_fx_add");
    expect(second).toContain("tool_search");

    const [search, add] = toolResults(events);
    expect(search?.outcome).toBe("ok");
    expect(textOf(search?.result.content ?? [])).toMatch(
      /^Loaded \d+ tools?; .*\(required parameters in parentheses\):\n- mcp_fx_add\(a, b\): Adds two numbers and returns the sum as text\.\n/,
    );
    expect(search?.result.structuredContent?.tools).toEqual(
      expect.arrayContaining([
        {
          name: "mcp_fx_add",
          description: "Adds two numbers and returns the sum as text.",
          required: ["a", "b"],
        },
      ]),
    );
    expect(add).toMatchObject({ outcome: "ok" });
    expect(textOf(add?.result.content ?? [])).toBe("5");
    expect(agent.loadedTools).toContain("mcp_fx_add");
    expect(agent.offeredTools).toContain("mcp_fx_add");
    expect(agent.offeredTools).not.toContain("mcp_fx_echo");

    // Loaded for the rest of the conversation; reset() forgets them.
    agent.reset();
    expect(agent.loadedTools).toEqual([]);
  });

  it("works the same through the Anthropic Messages adapter (the search runs in the agent)", async () => {
    const rig = await makeAnthropicRig([
      { calls: [["tool_search", { query: "mcp_fx_add" }]] },
      { calls: [["mcp_fx_add", { a: 1, b: 1 }]] },
      { text: "2" },
    ]);
    try {
      const agent = new Agent({ model: rig.model, registry: world.registry, toolSearch: "always" });
      const events = await collect(agent.run("1 + 1?"));
      expect(doneOf(events)).toMatchObject({ reason: "completed", text: "2", turns: 3 });
      const [search, add] = toolResults(events);
      expect(textOf(search?.result.content ?? [])).toMatch(/^Loaded .*\n- mcp_fx_add\(a, b\): /);
      expect(add).toMatchObject({ outcome: "ok" });
      expect(textOf(add?.result.content ?? [])).toBe("2");
    } finally {
      await rig.close();
    }
  });

  it("auto keeps MCP tools back only when their schemas take the budget (10% of a known context)", async () => {
    const small = await agentFor([{ text: "ok" }], { contextWindow: 2_000 });
    await collect(small.run("hi"));
    expect(offeredIn(server!, 0)).toContain("tool_search");
    expect(offeredIn(server!, 0)).not.toContain("mcp_fx_add");
    await server?.close();

    const large = await agentFor([{ text: "ok" }], { contextWindow: 1_000_000 });
    await collect(large.run("hi"));
    expect(offeredIn(server!, 0)).toContain("mcp_fx_add");
    expect(offeredIn(server!, 0)).not.toContain("tool_search");
  });

  it("always offers tools marked deferred: false (alwaysLoad), and never hides anything with never", async () => {
    world.registry.deferToolset("mcp-fx", false);
    const always = await agentFor([{ text: "ok" }], { toolSearch: "always" });
    await collect(always.run("hi"));
    expect(offeredIn(server!, 0)).toContain("mcp_fx_add");
    expect(offeredIn(server!, 0)).not.toContain("tool_search");
    await server?.close();

    world.registry.deferToolset("mcp-fx", true);
    const never = await agentFor([{ text: "ok" }], { toolSearch: "never" });
    await collect(never.run("hi"));
    expect(offeredIn(server!, 0)).toContain("mcp_fx_add");
    expect(offeredIn(server!, 0)).not.toContain("tool_search");
  });

  it("keeps a built-in marked deferred back under auto, and answers a search that finds nothing", async () => {
    world.registry.deferToolset("builtin", true);
    const agent = await agentFor(
      [
        { toolCalls: [{ id: "s1", name: "tool_search", arguments: { query: "kubernetes pods" } }] },
        { toolCalls: [{ id: "s2", name: "tool_search", arguments: { query: "" } }] },
        { text: "none" },
      ],
      { contextWindow: 1_000_000 },
    );
    const events = await collect(agent.run("go"));
    expect(offeredIn(server!, 0)).not.toContain("shout");
    expect(offeredIn(server!, 0)).toContain("mcp_fx_add");
    const [none, bad] = toolResults(events);
    expect(textOf(none?.result.content ?? [])).toMatch(/^No tool matches "kubernetes pods"/);
    expect(bad).toMatchObject({ outcome: "error" });
    expect(textOf(bad?.result.content ?? [])).toMatch(/query must be a non-empty string/);
  });

  it("calls a kept-back tool the model names without searching (it is callable, just not offered)", async () => {
    const agent = await agentFor(
      [
        { toolCalls: [{ id: "e1", name: "mcp_fx_echo", arguments: { text: "hi" } }] },
        { text: "done" },
      ],
      { toolSearch: "always" },
    );
    const events = await collect(agent.run("echo"));
    expect(toolResults(events)[0]).toMatchObject({ outcome: "ok" });
  });

  it('"never": a registry tool named tool_search is offered once and its own handler answers the call', async () => {
    world.registry.register(
      {
        name: "tool_search",
        toolset: "docs",
        description: "Searches the documentation.",
        inputSchema: { type: "object", properties: { query: { type: "string" } } },
      },
      ({ query }) => `docs about ${String(query)}`,
    );
    const agent = await agentFor(
      [
        { toolCalls: [{ id: "s1", name: "tool_search", arguments: { query: "install" } }] },
        { text: "ok" },
      ],
      { toolSearch: "never" },
    );
    const events = await collect(agent.run("how do I install?"));
    expect(toolResults(events)[0]).toMatchObject({ outcome: "ok" });
    expect(offeredIn(server as ScriptedModelServer, 0).filter((n) => n === "tool_search")).toEqual([
      "tool_search",
    ]);
    const second = (server?.requests[1]?.body ?? { messages: [] }) as WireBody;
    expect(second.messages.filter((m) => m.role === "tool").at(-1)?.content).toBe(
      "docs about install",
    );
  });

  it("refuses a registry that has its own tool_search unless toolSearch is never", () => {
    world.registry.register(
      { name: "tool_search", toolset: "mine", description: "", inputSchema: { type: "object" } },
      () => "",
    );
    const model = {
      provider: "x",
      modelId: "x",
      capabilities: { vision: false, parallelToolCalls: true },
      stream: async function* () {},
    };
    expect(() => new Agent({ model, registry: world.registry })).toThrow(
      expect.objectContaining({ code: "TOOL_SEARCH_TAKEN" }),
    );
    expect(() => new Agent({ model, registry: world.registry, toolSearch: "never" })).not.toThrow();
    expect(
      () => new Agent({ model, registry: world.registry, toolSearch: "sometimes" as never }),
    ).toThrow(/toolSearch: expected "auto", "always" or "never", got a string \("sometimes"\)/);
  });
  describe("restore: a resumed conversation gets back what tool_search loaded", () => {
    /** Runs a conversation in which the model searches for `query` and calls `tool`; its history. */
    const searchedHistory = async (query: string, tool: string, args: Record<string, unknown>) => {
      const first = await agentFor(
        [
          { toolCalls: [{ id: "s1", name: "tool_search", arguments: { query } }] },
          { toolCalls: [{ id: "c1", name: tool, arguments: args }] },
          { text: "done" },
        ],
        { toolSearch: "always" },
      );
      const events = await collect(first.run("go"));
      expect(doneOf(events)).toMatchObject({ reason: "completed" });
      expect(first.loadedTools).toContain(tool);
      await server?.close();
      return first.messages;
    };

    it("offers the loaded tools again in the first request after restore, and reset forgets them", async () => {
      const history = await searchedHistory("add two numbers", "mcp_fx_add", { a: 1, b: 2 });
      const resumed = await agentFor([{ text: "still here" }], { toolSearch: "always" });
      expect(resumed.offeredTools).not.toContain("mcp_fx_add");
      resumed.restore(history);
      expect(resumed.loadedTools).toContain("mcp_fx_add");
      expect(resumed.offeredTools).toContain("mcp_fx_add");
      await collect(resumed.run("and now?"));
      const offered = offeredIn(server!, 0);
      expect(offered).toContain("mcp_fx_add");
      expect(offered).toContain("tool_search");
      expect(offered).not.toContain("mcp_fx_echo"); // never searched for: still kept back
      resumed.reset();
      expect(resumed.offeredTools).not.toContain("mcp_fx_add");
    });

    it("does not load a tool the registry no longer has, nor list one it no longer keeps back", async () => {
      world.registry.deferToolset("builtin", true);
      const history = await searchedHistory("shout", "shout", { text: "hi" });
      world.registry.unregister("shout");
      const gone = await agentFor([{ text: "ok" }], { toolSearch: "always" });
      gone.restore(history);
      expect(gone.loadedTools).not.toContain("shout");
      await collect(gone.run("again"));
      expect(offeredIn(server!, 0)).not.toContain("shout");
      await server?.close();

      const mcpHistory = await searchedHistory("add two numbers", "mcp_fx_add", { a: 1, b: 2 });
      world.registry.deferToolset("mcp-fx", false); // alwaysLoad now: offered without loading
      const offeredAnyway = await agentFor([{ text: "ok" }], { toolSearch: "always" });
      offeredAnyway.restore(mcpHistory);
      expect(offeredAnyway.loadedTools).toEqual([]);
      expect(offeredAnyway.offeredTools).toContain("mcp_fx_add");
    });

    it("loads nothing under never, where a tool_search in history is not the agent's", async () => {
      const history = await searchedHistory("add two numbers", "mcp_fx_add", { a: 1, b: 2 });
      const never = await agentFor([{ text: "ok" }], { toolSearch: "never" });
      never.restore(history);
      expect(never.loadedTools).toEqual([]);
      expect(never.offeredTools).not.toContain("tool_search");
    });
  });
});
