import type { ChatModel, ModelEvent } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { Agent } from "./agent.js";
import type { AgentEvent } from "./events.js";

/** A model as a library user writes one: each call plays the next list of events. */
function playing(turns: ModelEvent[][]): ChatModel {
  let call = 0;
  return {
    provider: "own",
    modelId: "own",
    capabilities: { vision: false, parallelToolCalls: true },
    async *stream() {
      yield* turns[call++] ?? [];
    },
  };
}

async function run(model: ChatModel, registry = new ToolRegistry()) {
  const agent = new Agent({ model, registry, toolSearch: "never" });
  const events: AgentEvent[] = [];
  for await (const event of agent.run("go")) events.push(event);
  return events;
}

const done = (events: AgentEvent[]) => events.find((event) => event.type === "done");

describe("usage", () => {
  it("takes the largest value of each field when a provider splits its report", async () => {
    const events = await run(
      playing([
        [
          { type: "usage", inputTokens: 120, outputTokens: 0 },
          { type: "text-delta", text: "hi" },
          { type: "usage", inputTokens: 0, outputTokens: 7 },
          { type: "finish", reason: "stop" },
        ],
      ]),
    );
    expect(done(events)).toMatchObject({ usage: { inputTokens: 120, outputTokens: 7 } });
  });

  it("counts a cumulative report once, and sums the turns of the run", async () => {
    const events = await run(
      playing([
        [
          { type: "usage", inputTokens: 100, outputTokens: 2 },
          { type: "tool-call", id: "c1", name: "task_complete", arguments: '{"summary":"ok"}' },
          { type: "usage", inputTokens: 100, outputTokens: 9 },
          { type: "finish", reason: "tool-calls" },
        ],
      ]),
    );
    expect(done(events)).toMatchObject({
      reason: "completed",
      usage: { inputTokens: 100, outputTokens: 9 },
    });
    const two = await run(
      playing([
        [
          { type: "usage", inputTokens: 50, outputTokens: 4 },
          { type: "tool-call", id: "c1", name: "noop", arguments: "{}" },
          { type: "finish", reason: "tool-calls" },
        ],
        [
          { type: "text-delta", text: "done" },
          { type: "usage", inputTokens: 70, outputTokens: 3 },
          { type: "finish", reason: "stop" },
        ],
      ]),
      withNoop(),
    );
    expect(done(two)).toMatchObject({ turns: 2, usage: { inputTokens: 120, outputTokens: 7 } });
  });
});

function withNoop(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    {
      name: "noop",
      description: "Does nothing.",
      inputSchema: { type: "object" },
      toolset: "builtin",
    },
    () => "nothing done",
  );
  return registry;
}

describe("exit tools", () => {
  it("the first successful exit call in call order decides how the run ends", async () => {
    const asked = await run(
      playing([
        [
          {
            type: "tool-call",
            id: "a",
            name: "ask_question",
            arguments: '{"question":"Which file?"}',
          },
          {
            type: "tool-call",
            id: "b",
            name: "task_complete",
            arguments: '{"summary":"All done"}',
          },
          { type: "finish", reason: "tool-calls" },
        ],
      ]),
    );
    expect(done(asked)).toMatchObject({ reason: "asked", text: "Which file?" });
    const completed = await run(
      playing([
        [
          {
            type: "tool-call",
            id: "a",
            name: "task_complete",
            arguments: '{"summary":"All done"}',
          },
          {
            type: "tool-call",
            id: "b",
            name: "ask_question",
            arguments: '{"question":"Which file?"}',
          },
          { type: "finish", reason: "tool-calls" },
        ],
      ]),
    );
    expect(done(completed)).toMatchObject({ reason: "completed", text: "All done" });
  });

  it("a failed exit call before a good one does not decide", async () => {
    const events = await run(
      playing([
        [
          { type: "tool-call", id: "a", name: "ask_question", arguments: "{}" },
          { type: "tool-call", id: "b", name: "task_complete", arguments: '{"summary":"Done"}' },
          { type: "finish", reason: "tool-calls" },
        ],
      ]),
    );
    expect(done(events)).toMatchObject({ reason: "completed", text: "Done" });
  });
});
