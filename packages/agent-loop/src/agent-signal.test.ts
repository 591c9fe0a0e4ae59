import { getMaxListeners } from "node:events";
import type { ChatModel, ChatRequest } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { Agent } from "./agent.js";

describe("the signal a model gets", () => {
  it("takes many listeners without a warning, and Node's getMaxListeners can read it (fetch calls it on every request)", async () => {
    const seen: ChatRequest[] = [];
    // A model as a library user writes one: it answers with text at once.
    const model: ChatModel = {
      provider: "own",
      modelId: "own",
      capabilities: { vision: false, parallelToolCalls: true },
      async *stream(request) {
        seen.push(request);
        yield { type: "text-delta", text: "hi" };
        yield { type: "finish", reason: "stop" };
      },
    };
    const agent = new Agent({ model, registry: new ToolRegistry(), toolSearch: "never" });
    const events = [];
    for await (const event of agent.run("hello")) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: "done", reason: "completed", text: "hi" });
    const signal = seen[0]?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    // Set to 0 ("unlimited"), Node 20 throws here; any number above the default is fine.
    expect(getMaxListeners(signal as AbortSignal)).toBeGreaterThan(100);
  });
});
