import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents } from "../__fixtures__/collect-events.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatRequest } from "../types.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function serve(script: Script) {
  const server = await startScriptedModelServer({ script });
  servers.push(server);
  return server;
}
const hello: ChatRequest = { messages: [{ role: "user", content: "hi" }] };

describe("idleTimeoutMs: a stream that stops sending", () => {
  it("OpenAI-compatible: TIMEOUT (not INTERRUPTED) after the idle time, and the connection is closed", async () => {
    const server = await serve([{ text: "partial answer", hang: true }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      idleTimeoutMs: 300,
    });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(events).toContainEqual({ type: "text-delta", text: "partial" });
    expect(error?.code).toBe("TIMEOUT");
    expect(error?.message).toContain("nothing arrived for 300 ms");
    expect(error?.message).toContain("(idleTimeoutMs)");
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });

  it("Anthropic: TIMEOUT too", async () => {
    const server = await serve([{ text: "partial answer", hang: true }]);
    const model = createAnthropic({
      baseURL: server.baseURL,
      model: "m",
      apiKey: "k",
      idleTimeoutMs: 300,
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("TIMEOUT");
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });

  it("a server that accepts the request and never sends headers: TIMEOUT naming the caller's setting, connection closed", async () => {
    const server = await serve([{ neverAnswer: true }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      idleTimeoutMs: 300,
      timeoutSettingNames: { idle: "--model-idle-timeout" },
      maxRetries: 0,
    });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(events).toEqual([]);
    expect(error?.code).toBe("TIMEOUT");
    expect(error?.message).toBe(
      `openai-compatible at ${server.baseURL}/chat/completions accepted the request but sent no response for 300 ms, so the request was abandoned. The server may be stalled or overloaded; try again, or allow longer pauses (--model-idle-timeout).`,
    );
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });

  it("pauses shorter than the idle time are fine", async () => {
    const server = await serve([{ text: "slow but steady", delayMs: 100 }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      idleTimeoutMs: 2_000,
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error).toBeUndefined();
  });
});

describe("turnTimeoutMs: keep-alive comments do not keep a turn alive", () => {
  it("OpenAI-compatible: a stream of only `: keep-alive` comments ends with TIMEOUT at the turn limit", async () => {
    const server = await serve([{ keepAliveOnlyMs: 20 }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      idleTimeoutMs: 200,
      turnTimeoutMs: 600,
    });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(events).toEqual([]);
    expect(error?.code).toBe("TIMEOUT");
    expect(error?.message).toContain(
      "did not complete its response within the turn limit of 600 ms",
    );
    expect(error?.message).toContain("keep-alive comments do not extend it");
    expect(error?.message).toContain("(turnTimeoutMs)");
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });

  it("Anthropic: the same, naming the caller's setting", async () => {
    const server = await serve([{ keepAliveOnlyMs: 20 }]);
    const model = createAnthropic({
      baseURL: server.baseURL,
      model: "m",
      apiKey: "k",
      idleTimeoutMs: 200,
      turnTimeoutMs: 600,
      timeoutSettingNames: { turn: "--model-turn-timeout" },
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("TIMEOUT");
    expect(error?.message).toContain("allow longer turns (--model-turn-timeout)");
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });

  it("a turn limit that is not a positive number is a CONFIG_INVALID naming the setting", () => {
    const error = (() => {
      try {
        createOpenAICompatible({ baseURL: "http://127.0.0.1:1/v1", model: "m", turnTimeoutMs: 0 });
      } catch (caught) {
        return caught as { code: string; message: string };
      }
    })();
    expect(error?.code).toBe("CONFIG_INVALID");
    expect(error?.message).toBe(
      "turnTimeoutMs: expected a number of milliseconds > 0, got 0 (example: { turnTimeoutMs: 600000 }).",
    );
  });
});
