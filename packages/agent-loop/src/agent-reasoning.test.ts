import { createReplayModel, withTextToolCalls } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import type { ScriptedModelServer, StreamTurn } from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { registerBuiltins } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";
import type { AgentEvent } from "./events.js";
import type { RunStep } from "./run-step.js";

/**
 * A Qwen-style model (hermes text format) that thinks in `<think>` before each answer: turn 1
 * reasons and calls `shout`, turn 2 reasons and answers.
 */
const script: StreamTurn[] = [
  {
    text: '<think>The user wants it loud, so shout.</think><tool_call>\n{"name": "shout", "arguments": {"text": "hi"}}\n</tool_call>',
  },
  { text: "<think>The tool said HI; report it.</think>It says HI." },
];

/** The reasoning of each turn, joined from its deltas. */
const reasoningByTurn = (events: AgentEvent[]) => {
  const byTurn: Record<number, string> = {};
  for (const event of events) {
    if (event.type === "reasoning-delta")
      byTurn[event.turn] = (byTurn[event.turn] ?? "") + event.text;
  }
  return byTurn;
};

describe("reasoning from the model reaches the run's events, apart from the answer", () => {
  const servers: ScriptedModelServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  const agentWith = async (runStep?: RunStep) => {
    const { server, model } = await openAIRig(script);
    servers.push(server);
    const registry = new ToolRegistry();
    registerBuiltins(registry);
    return new Agent({
      model: withTextToolCalls(model, { format: "hermes" }),
      registry,
      exitTools: false,
      toolSearch: "never",
      ...(runStep ? { runStep } : {}),
    });
  };

  it("emits reasoning-delta events per turn, never in the text, the answer or the history", async () => {
    const agent = await agentWith();
    const events = await collect(agent.run("Shout hi"));
    expect(doneOf(events)).toMatchObject({ reason: "completed", text: "It says HI." });
    expect(reasoningByTurn(events)).toEqual({
      1: "The user wants it loud, so shout.",
      2: "The tool said HI; report it.",
    });
    const answer = events
      .filter((event) => event.type === "text-delta")
      .map((event) => event.text)
      .join("");
    expect(answer).toBe("It says HI.");
    // The reasoning of turn 2 comes before its answer, as the model wrote it.
    const turnTwo = events.filter((event) => "turn" in event && event.turn === 2);
    const firstReasoning = turnTwo.findIndex((event) => event.type === "reasoning-delta");
    const firstText = turnTwo.findIndex((event) => event.type === "text-delta");
    expect(firstReasoning).toBeGreaterThanOrEqual(0);
    expect(firstReasoning).toBeLessThan(firstText);
    // The history keeps reasoning only beside the text (for providers that want it back),
    // never in any message's content.
    const contents = JSON.stringify(agent.messages.map((message) => message.content));
    expect(contents).not.toContain("so shout");
    expect(contents).not.toContain("report it");
  });

  it("keeps each turn's reasoning in the step result and replays it as one delta", async () => {
    const recorded = new Map<string, unknown>();
    const recording = await agentWith(async (step) => {
      const result = await step.run();
      recorded.set(step.name, JSON.parse(JSON.stringify(result)));
      return result;
    });
    await collect(recording.run("Shout hi"));
    expect(recorded.get("turn-2/model")).toMatchObject({
      text: "It says HI.",
      reasoning: [{ type: "thinking", text: "The tool said HI; report it." }],
    });

    const replaying = await agentWith(async (step) => recorded.get(step.name) as never);
    const replayed = await collect(replaying.run("Shout hi"));
    expect(doneOf(replayed)).toMatchObject({ reason: "completed", text: "It says HI." });
    expect(replayed.filter((event) => event.type === "reasoning-delta")).toEqual([
      { type: "reasoning-delta", turn: 1, text: "The user wants it loud, so shout." },
      { type: "reasoning-delta", turn: 2, text: "The tool said HI; report it." },
    ]);
  });

  it("sums reasoning tokens over the turns that reported them, and leaves them out when none did", async () => {
    const registry = new ToolRegistry();
    registerBuiltins(registry);
    const call = { id: "c1", name: "shout", arguments: '{"text":"hi"}' };
    // The replay adapter plays the usage reports as a provider sent them: split in two in
    // turn 1 (input first, then output with its reasoning), without reasoning in turn 2.
    const model = createReplayModel({
      cassette: [
        {
          events: [
            { type: "usage", inputTokens: 10, outputTokens: 0 },
            { type: "tool-call", ...call },
            { type: "usage", inputTokens: 10, outputTokens: 30, reasoningTokens: 12 },
            { type: "finish", reason: "tool-calls" },
          ],
        },
        {
          events: [
            { type: "text-delta", text: "HI." },
            { type: "usage", inputTokens: 40, outputTokens: 5 },
            { type: "finish", reason: "stop" },
          ],
        },
      ],
    });
    const agent = new Agent({ model, registry, exitTools: false, toolSearch: "never" });
    const events = await collect(agent.run("Shout hi"));
    const turnUsage = events.flatMap((event) => (event.type === "turn-end" ? [event.usage] : []));
    expect(turnUsage).toEqual([
      { inputTokens: 10, outputTokens: 30, reasoningTokens: 12 },
      { inputTokens: 40, outputTokens: 5 },
    ]);
    expect(doneOf(events).usage).toEqual({
      inputTokens: 50,
      outputTokens: 35,
      reasoningTokens: 12,
    });

    const plain = new Agent({
      model: createReplayModel({
        cassette: [
          {
            events: [
              { type: "text-delta", text: "Hi." },
              { type: "usage", inputTokens: 7, outputTokens: 2 },
              { type: "finish", reason: "stop" },
            ],
          },
        ],
      }),
      registry: new ToolRegistry(),
      exitTools: false,
      toolSearch: "never",
    });
    const usage = doneOf(await collect(plain.run("Hi"))).usage;
    expect(usage).toEqual({ inputTokens: 7, outputTokens: 2 });
    expect(usage).not.toHaveProperty("reasoningTokens");
  });
});
