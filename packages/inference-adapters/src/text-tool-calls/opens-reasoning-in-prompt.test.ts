import {
  type ScriptedModelServer,
  type StreamTurn,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf, toolCallsOf } from "../__fixtures__/collect-events.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ModelEvent } from "../types.js";
import { opensReasoningInPrompt } from "./opens-reasoning-in-prompt.js";
import { TextToolCallStream } from "./text-tool-call-stream.js";
import { withTextToolCalls } from "./with-text-tool-calls.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const reasoningOf = (events: ModelEvent[]) =>
  events.map((event) => (event.type === "reasoning-delta" ? event.text : "")).join("");
const tools = [{ name: "ls", description: "list", inputSchema: { type: "object" } }];

async function run(model: string, turn: StreamTurn) {
  const server = await startScriptedModelServer({ script: [turn] });
  servers.push(server);
  const wrapped = withTextToolCalls(createOpenAICompatible({ baseURL: server.baseURL, model }), {
    format: "hermes",
  });
  return collectEvents(wrapped.stream({ messages: [{ role: "user", content: "go" }], tools }));
}

describe("models whose template opens <think> in the prompt (only </think> in the stream)", () => {
  it("knows them by name", () => {
    for (const id of [
      "deepseek-r1:8b",
      "DeepSeek-R1-0528",
      "Qwen/Qwen3-4B-Thinking-2507",
      "qwq:32b",
    ]) {
      expect(opensReasoningInPrompt(id)).toBe(true);
    }
    for (const id of ["qwen3:8b", "Qwen/Qwen3-4B-Instruct-2507", "deepseek-chat", "llama3.1"]) {
      expect(opensReasoningInPrompt(id)).toBe(false);
    }
  });

  it("DeepSeek-R1: the stream starts as reasoning and the call after </think> runs", async () => {
    const { events, error } = await run("deepseek-r1:8b", {
      chunks: [
        "Need the ",
        "list.</",
        "think>\n\n",
        '<tool_call>{"name":"ls","arguments":{}}</tool_call>',
      ],
    });
    expect(error).toBeUndefined();
    expect(reasoningOf(events)).toBe("Need the list.");
    expect(textOf(events).trim()).toBe("");
    expect(toolCallsOf(events).map((call) => call.name)).toEqual(["ls"]);
  });

  it("a <think> the model writes again at the start is not shown as reasoning", () => {
    const stream = new TextToolCallStream("hermes", { startsInReasoning: true });
    const events = [
      ...stream.push("<thi"),
      ...stream.push("nk>plan</think>Answer."),
      ...stream.end(),
    ];
    expect(events).toEqual([
      { type: "reasoning", text: "plan" },
      { type: "text", text: "Answer." },
    ]);
  });

  it("a server that already splits the reasoning off (reasoning_content): the text stays the answer", async () => {
    const { events } = await run("deepseek-r1:8b", { reasoning: "Think.", text: "Hello there." });
    expect(reasoningOf(events)).toBe("Think.");
    expect(textOf(events)).toBe("Hello there.");
  });

  it("other models: a lone </think> is left in the text, as before", async () => {
    const { events } = await run("qwen2.5:7b", { chunks: ["a</think>b"] });
    expect(textOf(events)).toBe("a</think>b");
    expect(reasoningOf(events)).toBe("");
  });
});
