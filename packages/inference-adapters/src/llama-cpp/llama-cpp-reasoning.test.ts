import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replyScript, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelEvent } from "../types.js";
import { createLlamaCpp } from "./create-llama-cpp.js";

let dir: string;
let thinkingModel: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-llama-think-"));
  thinkingModel = join(dir, "thinking.gguf");
  // A qwen2 model (node-llama-cpp's Qwen wrapper, which reads <think> as a thought segment)
  // that thinks "Plan it" and then answers "Hello" (the wrapper's thought is `<think>\n…\n</think>`).
  await writeTinyLlamaGguf(thinkingModel, {
    ...replyScript(["<think>", "\nPlan", "\u2581it\n", "</think>", "Hello"]),
    architecture: "qwen2",
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("createLlamaCpp: reasoning", () => {
  it("streams the thought segment as reasoning and only the rest as the answer", async () => {
    const model = createLlamaCpp({
      model: thinkingModel,
      gpu: false,
      contextSize: 1024,
      threads: 1,
    });
    try {
      const events: ModelEvent[] = [];
      for await (const event of model.stream({ messages: [{ role: "user", content: "Hi" }] })) {
        events.push(event);
      }
      const join = (type: "text-delta" | "reasoning-delta") =>
        events.map((event) => (event.type === type ? event.text : "")).join("");
      expect(join("reasoning-delta").trim()).toBe("Plan it");
      expect(join("text-delta").trim()).toBe("Hello");
    } finally {
      await model.close();
    }
  });

  it("an effort has no local equivalent: one warning, the model runs as it would", () => {
    const warnings: string[] = [];
    const model = createLlamaCpp({
      model: thinkingModel,
      reasoning: { effort: "high" },
      onWarning: (message) => warnings.push(message),
    });
    expect(model.modelId).toBe(thinkingModel);
    expect(warnings).toEqual([
      "local: a reasoning effort (high) has no llama.cpp equivalent; set a budget in tokens instead (example: { budgetTokens: 2048 }). The model's own default is used.",
    ]);
  });
});
