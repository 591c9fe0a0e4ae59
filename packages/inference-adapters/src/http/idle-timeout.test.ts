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
    expect(error?.message).toContain("--model-idle-timeout");
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
