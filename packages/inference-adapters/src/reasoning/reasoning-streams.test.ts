import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf } from "../__fixtures__/collect-events.js";
import { reasoningStreams } from "../__fixtures__/reasoning-streams.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatModel, ModelEvent } from "../types.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const reasoningOf = (events: ModelEvent[]) =>
  events.map((event) => (event.type === "reasoning-delta" ? event.text : "")).join("");

describe("reasoning streams in each provider's shape, through the adapter", () => {
  for (const stream of reasoningStreams) {
    it(`${stream.name} (${stream.source.split(" ")[0]})`, async () => {
      const server = await startScriptedModelServer({ script: [{ recorded: stream.events }] });
      servers.push(server);
      const model: ChatModel =
        stream.wire === "openai"
          ? createOpenAICompatible({ baseURL: server.baseURL, model: stream.model })
          : createAnthropic({ baseURL: server.url, model: stream.model, apiKey: "sk-ant-test" });
      const { events, error } = await collectEvents(
        model.stream({ messages: [{ role: "user", content: "go" }] }),
      );
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe(stream.expected.text);
      expect(reasoningOf(events)).toBe(stream.expected.reasoning);
      expect(
        events.flatMap((event) =>
          event.type === "tool-call" ? [{ name: event.name, arguments: event.arguments }] : [],
        ),
      ).toEqual(stream.expected.toolCalls);
      expect(events.flatMap((event) => (event.type === "reasoning" ? [event.part] : []))).toEqual(
        stream.expected.parts,
      );
      const usage = events.find((event) => event.type === "usage");
      if (stream.expected.usage) expect(usage).toEqual({ type: "usage", ...stream.expected.usage });
      // The recorded answers name the model that answered: the finish event carries it.
      expect(events.at(-1)).toEqual({
        type: "finish",
        reason: stream.expected.finish,
        model: stream.model,
      });
      // Reasoning never leaks into the answer, and arrives before it (as the model wrote it).
      const firstText = events.findIndex((event) => event.type === "text-delta");
      const lastReasoning = events.findLastIndex((event) => event.type === "reasoning-delta");
      if (firstText >= 0 && lastReasoning >= 0) expect(lastReasoning).toBeLessThan(firstText);
    });
  }
});
