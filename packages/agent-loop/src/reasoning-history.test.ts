import { createAnthropic, createOpenAICompatible } from "@tinyloop/inference-adapters";
import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";
import type { RunStep } from "./run-step.js";

/** Two tool turns, each thinking first, then the answer: the shape of a Claude run with tools. */
const thinkingRun: Script = {
  anthropicThinking: "strict",
  turns: [
    {
      reasoning: "I will shout hi first.",
      toolCalls: [{ id: "toolu_1", name: "shout", arguments: { text: "hi" } }],
    },
    {
      redactedReasoning: "ENCRYPTED==",
      reasoning: "Now shout there.",
      text: "One more.",
      toolCalls: [{ id: "toolu_2", name: "shout", arguments: { text: "there" } }],
    },
    { reasoning: "Both done.", text: "HI and THERE." },
  ],
};

type SentBlock = { type: string; thinking?: string; signature?: string; data?: string };
type SentMessage = { role: string; content: SentBlock[] };

describe("reasoning kept on the assistant message and sent back as providers require", () => {
  let world: ToolWorld;
  const servers: ScriptedModelServer[] = [];
  beforeEach(async () => {
    world = await startToolWorld();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    expect(await world.close()).toEqual([]);
  });
  const serve = async (script: Script) => {
    const server = await startScriptedModelServer({ script });
    servers.push(server);
    return server;
  };
  const anthropicAgent = (server: ScriptedModelServer, runStep?: RunStep) =>
    new Agent({
      model: createAnthropic({
        baseURL: server.url,
        model: "claude-sonnet-4-5",
        apiKey: "sk-ant-test",
        reasoning: { budgetTokens: 2048 },
      }),
      registry: world.registry,
      exitTools: false,
      toolSearch: "never",
      ...(runStep ? { runStep } : {}),
    });

  it("a two-tool-turn Claude run with thinking completes against the strict server, signed blocks first in each tool turn", async () => {
    const server = await serve(thinkingRun);
    const agent = anthropicAgent(server);
    const done = doneOf(await collect(agent.run("Shout hi, then there")));
    expect(done.reason).toBe("completed");
    expect(done.text).toBe("HI and THERE.");
    expect(server.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    const last = server.requests[2]?.body as { messages: SentMessage[]; thinking: unknown };
    expect(last.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    const assistants = last.messages.filter((message) => message.role === "assistant");
    expect(assistants.map((message) => message.content.map((block) => block.type))).toEqual([
      ["thinking", "tool_use"],
      ["redacted_thinking", "thinking", "text", "tool_use"],
    ]);
    expect(assistants[1]?.content[0]).toEqual({ type: "redacted_thinking", data: "ENCRYPTED==" });
    expect(assistants[1]?.content[1]?.thinking).toBe("Now shout there.");
    // The answer turn's reasoning stays on its message, apart from the text.
    expect(agent.messages.at(-1)).toEqual({
      role: "assistant",
      content: "HI and THERE.",
      reasoning: [
        { type: "thinking", text: "Both done.", signature: expect.stringMatching(/^sig_/) },
      ],
    });
  });

  it("the step seam's recorded model results keep the reasoning, so a replayed run goes on against the strict server", async () => {
    const recorded = new Map<string, unknown>();
    const first = await serve(thinkingRun);
    await collect(
      anthropicAgent(first, async (step) => {
        const result = await step.run();
        recorded.set(step.name, JSON.parse(JSON.stringify(result)));
        return result;
      }).run("Shout hi, then there"),
    );
    expect(recorded.get("turn-1/model")).toMatchObject({
      reasoning: [{ type: "thinking", text: "I will shout hi first." }],
    });
    // Turn 1 and its tool call come back from the records; turns 2 and 3 run live, and the
    // strict server refuses turn 2 unless turn 1's signed thinking came back from the record.
    const second = await serve({ ...thinkingRun, turns: thinkingRun.turns.slice(1) });
    const replayed = anthropicAgent(second, (step) =>
      step.turn === 1 && recorded.has(step.name)
        ? Promise.resolve(recorded.get(step.name) as never)
        : step.run(),
    );
    const done = doneOf(await collect(replayed.run("Shout hi, then there")));
    expect(done.text).toBe("HI and THERE.");
    expect(second.requests.map((request) => request.status)).toEqual([200, 200]);
  });

  it("a DeepSeek R1-style server that refuses reasoning in the input: a run with tools over two questions completes", async () => {
    const server = await serve({
      rejectReasoningInput: true,
      turns: [
        {
          reasoning: "Shout it.",
          toolCalls: [{ id: "call_1", name: "shout", arguments: { text: "hi" } }],
        },
        { reasoning: "Done.", text: "HI." },
        { reasoning: "Again?", text: "Yes." },
      ],
    });
    const agent = new Agent({
      model: createOpenAICompatible({
        baseURL: server.baseURL,
        provider: "deepseek",
        model: "deepseek-r1",
      }),
      registry: world.registry,
      exitTools: false,
      toolSearch: "never",
    });
    expect(doneOf(await collect(agent.run("Shout hi"))).text).toBe("HI.");
    expect(doneOf(await collect(agent.run("Again?"))).text).toBe("Yes.");
    expect(server.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    // Kept for the user all the same.
    expect(agent.messages.filter((message) => message.role === "assistant")).toEqual([
      expect.objectContaining({ reasoning: [{ type: "thinking", text: "Shout it." }] }),
      expect.objectContaining({ content: "HI.", reasoning: [{ type: "thinking", text: "Done." }] }),
      expect.objectContaining({
        content: "Yes.",
        reasoning: [{ type: "thinking", text: "Again?" }],
      }),
    ]);
  });
});
