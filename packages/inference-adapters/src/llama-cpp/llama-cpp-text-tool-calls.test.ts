import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTextToolCalls } from "../text-tool-calls/with-text-tool-calls.js";
import type { ChatMessage, ModelEvent, ToolSpec } from "../types.js";
import { createLlamaCpp } from "./create-llama-cpp.js";

const CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const tools: ToolSpec[] = [
  {
    name: "get_weather",
    description: "Weather in a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
];

let dir: string;
let modelFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-llama-text-calls-"));
  modelFile = join(dir, "hermes.gguf");
  // Writes the hermes call as text; once a <tool_response> is in the prompt, answers instead.
  await writeTinyLlamaGguf(modelFile, {
    start: CALL,
    pieces: [CALL, "Sunny", "\u2581in\u2581Paris"],
    rules: [
      { after: "\n", emit: CALL },
      { after: "\n", emit: "Sunny", onceSeen: "</tool_response>" },
      { after: CALL, emit: "<|im_end|>" },
      { after: "Sunny", emit: "\u2581in\u2581Paris" },
      { after: "\u2581in\u2581Paris", emit: "." },
      { after: ".", emit: "<|im_end|>" },
    ],
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const textOf = (events: ModelEvent[]) =>
  events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");

describe("createLlamaCpp wrapped in withTextToolCalls (hermes)", () => {
  it("reads the call from the generated text instead of node-llama-cpp's function calling", async () => {
    const model = withTextToolCalls(
      createLlamaCpp({ model: modelFile, gpu: false, contextSize: 2048, threads: 1 }),
      { format: "hermes" },
    );
    try {
      const events = await collect(
        model.stream({ messages: [{ role: "user", content: "Weather?" }], tools }),
      );
      const calls = events.flatMap((e) =>
        e.type === "tool-call" ? [[e.name, JSON.parse(e.arguments)]] : [],
      );
      expect(calls).toEqual([["get_weather", { city: "Paris" }]]);
      expect(textOf(events)).toBe("");
      expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls" });
    } finally {
      await model.close?.();
    }
  });

  it("sends the tool result in the hermes <tool_response> framing through the chat wrapper", async () => {
    const model = withTextToolCalls(
      createLlamaCpp({ model: modelFile, gpu: false, contextSize: 2048, threads: 1 }),
      { format: "hermes" },
    );
    const messages: ChatMessage[] = [
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: "a", name: "get_weather", arguments: '{"city":"Paris"}' }],
      },
      { role: "tool", toolCallId: "a", content: [{ type: "text", text: "sunny, 21 C" }] },
    ];
    try {
      const events = await collect(model.stream({ messages, tools }));
      expect(textOf(events)).toBe("Sunny in Paris.");
      expect(events.some((e) => e.type === "tool-call")).toBe(false);
      expect(events.at(-1)).toEqual({ type: "finish", reason: "stop" });
    } finally {
      await model.close?.();
    }
  });
});
