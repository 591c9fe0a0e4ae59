import { createAnthropic } from "@tinyloop/inference-adapters";
import {
  type ScriptedModelServer,
  type StreamTurn,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, doneOf, toolResults } from "./__fixtures__/collect.js";
import { openAIRig, scriptedModelSettings } from "./__fixtures__/openai-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { historyProblems } from "./__fixtures__/valid-history.js";
import { Agent } from "./agent.js";
import type { AgentOptions } from "./agent-options.js";
import { continueMessage, textTurnEndsRun } from "./end-when.js";

type WireMessage = { role: string; content?: unknown };

/** A model that narrates once between two tool turns, then answers, then has nothing to add. */
const narrating: StreamTurn[] = [
  { toolCalls: [{ name: "shout", arguments: { text: "draft" } }] },
  { text: "I'll now echo the draft." },
  { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "DRAFT" } }] },
  { text: "Echoed the draft." },
  { text: "" },
];

describe("endWhen (OpenAI-compatible adapter, scripted server, fixture MCP server)", () => {
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

  const agentFor = async (script: StreamTurn[], options: Partial<AgentOptions> = {}) => {
    const rig = await openAIRig(script);
    server = rig.server;
    return new Agent({ model: rig.model, registry: world.registry, ...options });
  };
  const sent = (index: number) => {
    const body = server?.requests[index]?.body as { messages: WireMessage[] } | undefined;
    return (body?.messages ?? []).map((message) => [message.role, message.content]);
  };

  it('"text" (the default) ends at the narration between the two tool turns', async () => {
    const agent = await agentFor(narrating);
    const events = await collect(agent.run("Shout then echo"));
    expect(doneOf(events)).toMatchObject({
      reason: "completed",
      text: "I'll now echo the draft.",
      turns: 2,
    });
    expect(toolResults(events).map((event) => event.call.name)).toEqual(["shout"]);
    expect(server?.requests).toHaveLength(2);
  });

  it('"two-texts" gives the narration one more turn, asking to go on, and ends after two texts in a row', async () => {
    const agent = await agentFor(narrating, { endWhen: "two-texts" });
    const events = await collect(agent.run("Shout then echo"));
    expect(toolResults(events).map((event) => [event.call.name, event.outcome])).toEqual([
      ["shout", "ok"],
      ["mcp_fx_echo", "ok"],
    ]);
    // The last turn had nothing to add: the answer is the text before it.
    expect(doneOf(events)).toMatchObject({
      reason: "completed",
      text: "Echoed the draft.",
      turns: 5,
    });
    expect(server?.requests).toHaveLength(5);
    // The extra turn: the narration, then one user message asking to go on or finish.
    const nudge =
      "If the task needs more steps, take them now. If it is complete, call task_complete.";
    expect(sent(2).slice(-3)).toEqual([
      ["tool", "DRAFT"],
      ["assistant", "I'll now echo the draft."],
      ["user", nudge],
    ]);
    expect(sent(4).slice(-2)).toEqual([
      ["assistant", "Echoed the draft."],
      ["user", nudge],
    ]);
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it('"two-texts" still ends at once when the run opens with a text answer', async () => {
    const agent = await agentFor([{ text: "Hello." }, { text: "never sent" }], {
      endWhen: "two-texts",
    });
    expect(doneOf(await collect(agent.run("Hi")))).toMatchObject({
      reason: "completed",
      text: "Hello.",
      turns: 1,
    });
    expect(server?.requests).toHaveLength(1);
  });

  it('"two-texts" answers with both texts when the second says something', async () => {
    const agent = await agentFor(
      [
        { toolCalls: [{ name: "shout", arguments: { text: "a" } }] },
        { text: "Shouted." },
        { text: "Nothing more to do." },
      ],
      { endWhen: "two-texts" },
    );
    expect(doneOf(await collect(agent.run("Shout")))).toMatchObject({
      reason: "completed",
      text: "Shouted.\n\nNothing more to do.",
      turns: 3,
    });
  });

  it('"two-texts" ends with task_complete\'s summary when the model finishes that way', async () => {
    const agent = await agentFor(
      [
        { toolCalls: [{ name: "shout", arguments: { text: "a" } }] },
        { text: "Shouted." },
        { toolCalls: [{ name: "task_complete", arguments: { summary: "Shouted once." } }] },
      ],
      { endWhen: "two-texts" },
    );
    expect(doneOf(await collect(agent.run("Shout")))).toMatchObject({
      reason: "completed",
      text: "Shouted once.",
      turns: 3,
    });
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it('"two-texts" without exit tools asks the model to say it is done, naming no tool', async () => {
    const agent = await agentFor(
      [
        { toolCalls: [{ name: "shout", arguments: { text: "a" } }] },
        { text: "Shouted." },
        { text: "Done." },
      ],
      { endWhen: "two-texts", exitTools: false },
    );
    expect(doneOf(await collect(agent.run("Shout"))).text).toBe("Shouted.\n\nDone.");
    expect(sent(2).at(-1)).toEqual([
      "user",
      "If the task needs more steps, take them now. If it is complete, just say so.",
    ]);
    expect(continueMessage({ exitTools: false })).not.toMatch(/task_complete/);
  });
});

describe('"two-texts" on the Anthropic Messages wire', () => {
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

  it("sends the extra turn ending in a user message: newer Claude models refuse an assistant prefill", async () => {
    server = await startScriptedModelServer({ script: narrating });
    const model = createAnthropic({ baseURL: server.url, ...scriptedModelSettings() });
    const agent = new Agent({ model, registry: world.registry, endWhen: "two-texts" });
    expect(doneOf(await collect(agent.run("Shout then echo")))).toMatchObject({
      reason: "completed",
      text: "Echoed the draft.",
      turns: 5,
    });
    const roles = server.requests.map((request) => {
      const body = request.body as { messages: Array<{ role: string }> };
      return body.messages.at(-1)?.role;
    });
    expect(roles).toEqual(["user", "user", "user", "user", "user"]);
  });
});

describe("textTurnEndsRun", () => {
  it("ends at every text under text, and only after a text (or at the start) under two-texts", () => {
    expect(textTurnEndsRun("text", true)).toBe(true);
    expect(textTurnEndsRun("text", false)).toBe(true);
    expect(textTurnEndsRun("two-texts", true)).toBe(false);
    expect(textTurnEndsRun("two-texts", false)).toBe(true);
  });
});
