import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  replyScript,
  SCRIPTED_TOOL_CALLS,
  toolCallsScript,
  writeTinyLlamaGguf,
} from "@tinyloop/test-fixtures/gguf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InferenceError } from "../inference-error.js";
import type { ChatMessage, ModelEvent, ToolSpec } from "../types.js";
import { createLlamaCpp } from "./create-llama-cpp.js";
import { loadedModelCount } from "./model-pool.js";

let dir: string;
let replyModel: string;
let toolModel: string;
let loopModel: string;
let qwenToolModel: string;

const cityTool = (name: string, description: string): ToolSpec => ({
  name,
  description,
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
});
const tools = [
  cityTool("get_weather", "Weather in a city"),
  cityTool("get_time", "Local time in a city"),
];
const hello: ChatMessage[] = [{ role: "user", content: "Hi" }];

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<InferenceError> {
  try {
    await promise;
  } catch (error) {
    if (InferenceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an InferenceError");
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-llama-"));
  replyModel = join(dir, "reply.gguf");
  toolModel = join(dir, "tools.gguf");
  loopModel = join(dir, "loop.gguf");
  qwenToolModel = join(dir, "qwen-tools.gguf");
  await writeTinyLlamaGguf(qwenToolModel, { ...toolCallsScript(), architecture: "qwen2" });
  await writeTinyLlamaGguf(replyModel, replyScript(["Hello", ",\u2581world", "!"]));
  await writeTinyLlamaGguf(toolModel, toolCallsScript());
  await writeTinyLlamaGguf(
    loopModel,
    replyScript(["tick", "\u2581tock", "\u2581"], { loop: true }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("createLlamaCpp with a real GGUF", () => {
  it("streams the model's tokens as text deltas, then usage and a stop", async () => {
    const model = createLlamaCpp({ model: replyModel, gpu: false, contextSize: 1024, threads: 1 });
    try {
      const events = await collect(model.stream({ messages: hello }));
      const deltas = events.filter((e) => e.type === "text-delta");
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      expect(deltas.map((e) => (e.type === "text-delta" ? e.text : "")).join("")).toBe(
        "Hello, world!",
      );
      const usage = events.find((e) => e.type === "usage");
      expect(usage).toMatchObject({ type: "usage", outputTokens: 4 });
      expect(usage?.type === "usage" && usage.inputTokens).toBeGreaterThan(5);
      expect(events.at(-1)).toEqual({ type: "finish", reason: "stop" });
    } finally {
      await model.close();
    }
  });

  it("stops at maxTokens with finish reason length", async () => {
    const model = createLlamaCpp({ model: loopModel, gpu: false, contextSize: 1024, threads: 1 });
    try {
      const events = await collect(model.stream({ messages: hello, maxTokens: 7 }));
      const text = events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");
      expect(text).toBe("tick tock tick tock tick");
      expect(events.at(-1)).toEqual({ type: "finish", reason: "length" });
    } finally {
      await model.close();
    }
  });

  it("maps several tool calls in one answer to tool-call events with ids", async () => {
    const model = createLlamaCpp({ model: toolModel, gpu: false, contextSize: 2048, threads: 1 });
    try {
      const events = await collect(
        model.stream({ messages: [{ role: "user", content: "Weather and time?" }], tools }),
      );
      const calls = events.filter((e) => e.type === "tool-call");
      expect(calls.map((c) => c.type === "tool-call" && [c.name, JSON.parse(c.arguments)])).toEqual(
        SCRIPTED_TOOL_CALLS.map((c) => [c.name, c.arguments]),
      );
      const ids = calls.map((c) => (c.type === "tool-call" ? c.id : ""));
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{24}$/);
      const deltas = events.filter((e) => e.type === "tool-call-delta");
      expect(deltas[0]).toMatchObject({ index: 0, id: ids[0], name: "get_weather" });
      expect(events.filter((e) => e.type === "text-delta")).toEqual([]);
      expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls" });
    } finally {
      await model.close();
    }
  });

  it("a qwen2 model with this template gets node-llama-cpp's Qwen wrapper (the default model's path)", async () => {
    const model = createLlamaCpp({
      model: qwenToolModel,
      gpu: false,
      contextSize: 2048,
      threads: 1,
    });
    try {
      expect(model.details).toBeUndefined();
      await model.load();
      expect(model.details).toEqual({
        path: qwenToolModel,
        chatWrapper: "Qwen",
        contextSize: 2048,
        gpu: false,
      });
      const events = await collect(model.stream({ messages: hello, tools }));
      const calls = events.flatMap((e) =>
        e.type === "tool-call" ? [[e.name, JSON.parse(e.arguments)]] : [],
      );
      expect(calls).toEqual(SCRIPTED_TOOL_CALLS.map((c) => [c.name, c.arguments]));
      expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls" });
    } finally {
      await model.close();
    }
  });

  it("feeds tool results back in the model's template and streams the answer", async () => {
    const model = createLlamaCpp({ model: toolModel, gpu: false, contextSize: 2048, threads: 1 });
    const messages: ChatMessage[] = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather and time?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "b", name: "get_time", arguments: '{"city":"Rome"}' },
        ],
      },
      { role: "tool", toolCallId: "a", content: [{ type: "text", text: "sunny, 21 C" }] },
      { role: "tool", toolCallId: "b", content: [{ type: "text", text: "12:00" }] },
    ];
    try {
      const events = await collect(model.stream({ messages, tools }));
      const text = events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");
      expect(text).toBe("Sunny in Paris.");
      expect(events.at(-1)).toEqual({ type: "finish", reason: "stop" });
    } finally {
      await model.close();
    }
  });

  it("with toolChoice none the model gets no functions and its call syntax stays text", async () => {
    const model = createLlamaCpp({ model: toolModel, gpu: false, contextSize: 2048, threads: 1 });
    try {
      const events = await collect(
        model.stream({ messages: hello, tools, toolChoice: "none", maxTokens: 3 }),
      );
      expect(events.some((e) => e.type === "tool-call")).toBe(false);
      expect(events.at(-1)).toEqual({ type: "finish", reason: "length" });
    } finally {
      await model.close();
    }
  });

  it("with toolChoice { name } only that tool can be called", async () => {
    const model = createLlamaCpp({ model: toolModel, gpu: false, contextSize: 2048, threads: 1 });
    try {
      const events = await collect(
        model.stream({ messages: hello, tools, toolChoice: { name: "get_weather" } }),
      );
      const names = events.flatMap((e) => (e.type === "tool-call" ? [e.name] : []));
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(["get_weather"]));
    } finally {
      await model.close();
    }
  });

  it("stops generating at once when the signal aborts, and works again afterwards", async () => {
    const model = createLlamaCpp({ model: loopModel, gpu: false, contextSize: 4096, threads: 1 });
    try {
      const controller = new AbortController();
      let deltas = 0;
      const error = await rejection(
        (async () => {
          for await (const event of model.stream({
            messages: hello,
            maxTokens: 3000,
            signal: controller.signal,
          })) {
            if (event.type === "text-delta" && ++deltas === 5) controller.abort();
          }
        })(),
      );
      expect(error.code).toBe("ABORTED");
      expect(deltas).toBeLessThan(40);
      const again = await collect(model.stream({ messages: hello, maxTokens: 2 }));
      expect(again.at(-1)).toEqual({ type: "finish", reason: "length" });
    } finally {
      await model.close();
    }
  });

  it("stops generating when the consumer stops reading", async () => {
    const model = createLlamaCpp({ model: loopModel, gpu: false, contextSize: 4096, threads: 1 });
    try {
      let seen = 0;
      for await (const event of model.stream({ messages: hello, maxTokens: 3000 })) {
        if (event.type === "text-delta" && ++seen === 3) break;
      }
      // The next call runs right away (the first one released the sequence).
      const next = await collect(model.stream({ messages: hello, maxTokens: 1 }));
      expect(next.filter((e) => e.type === "text-delta").length).toBe(1);
    } finally {
      await model.close();
    }
  });

  it("runs concurrent streams on one model one after the other", async () => {
    const model = createLlamaCpp({ model: replyModel, gpu: false, contextSize: 1024, threads: 1 });
    try {
      const texts = await Promise.all(
        [0, 1, 2].map(async () => {
          const events = await collect(model.stream({ messages: hello }));
          return events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");
        }),
      );
      expect(texts).toEqual(["Hello, world!", "Hello, world!", "Hello, world!"]);
    } finally {
      await model.close();
    }
  });

  it("close() stops a generation in progress", async () => {
    const model = createLlamaCpp({ model: loopModel, gpu: false, contextSize: 4096, threads: 1 });
    let deltas = 0;
    let closing: Promise<void> | undefined;
    const error = await rejection(
      (async () => {
        for await (const event of model.stream({ messages: hello, maxTokens: 3000 })) {
          if (event.type === "text-delta" && ++deltas === 3) closing = model.close();
        }
      })(),
    );
    await closing;
    expect(error.code).toBe("ABORTED");
    expect(deltas).toBeLessThan(40);
  });

  it("reuses one loaded model for the same file and frees it after the last close", async () => {
    const before = loadedModelCount();
    const first = createLlamaCpp({ model: replyModel, gpu: false, contextSize: 512, threads: 1 });
    const second = createLlamaCpp({ model: replyModel, gpu: false, contextSize: 512, threads: 1 });
    await Promise.all([first.load(), second.load()]);
    expect(loadedModelCount()).toBe(before + 1);
    await first.close();
    expect(loadedModelCount()).toBe(before + 1);
    const events = await collect(second.stream({ messages: hello }));
    expect(events.at(-1)).toEqual({ type: "finish", reason: "stop" });
    await second.close();
    expect(loadedModelCount()).toBe(before);
    const error = await rejection(collect(second.stream({ messages: hello })));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toMatch(/closed/);
  });

  it("names a missing model file and how to give one", async () => {
    const missing = join(dir, "nope.gguf");
    const model = createLlamaCpp({ model: missing, gpu: false });
    const error = await rejection(model.load());
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(missing);
    expect(error.message).toMatch(/hf:<owner>\/<repo>\/<file>\.gguf/);
  });

  it("says that a file is not a GGUF model", async () => {
    const bogus = join(dir, "bogus.gguf");
    await import("node:fs/promises").then((fs) => fs.writeFile(bogus, "not a model"));
    const model = createLlamaCpp({ model: bogus, gpu: false });
    const error = await rejection(model.load());
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(bogus);
  });

  it("without node-llama-cpp installed, says how to install it", async () => {
    const model = createLlamaCpp({
      model: replyModel,
      nodeLlamaCppModule: "node-llama-cpp-is-not-installed-here",
    });
    const error = await rejection(collect(model.stream({ messages: hello })));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain("npm i node-llama-cpp@3.21.1");
  });
});
