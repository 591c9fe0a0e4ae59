import type { ScriptedModelServer, StreamTurn } from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, doneOf, toolResults } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { historyProblems } from "./__fixtures__/valid-history.js";
import { Agent } from "./agent.js";
import type { AgentOptions } from "./agent-options.js";
import { textTurnEndsRun } from "./end-when.js";

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

  it('"two-texts" gives the narration one more turn with nothing added, and ends after two texts in a row', async () => {
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
    // The extra turn sees the history as it is: the narration last, no added user message.
    expect(sent(2).slice(-2)).toEqual([
      ["tool", "DRAFT"],
      ["assistant", "I'll now echo the draft."],
    ]);
    expect(sent(4).at(-1)).toEqual(["assistant", "Echoed the draft."]);
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

  it('"two-texts" ends with the second text when it says something', async () => {
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
      text: "Nothing more to do.",
      turns: 3,
    });
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
