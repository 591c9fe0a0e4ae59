import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ScriptedModelServer,
  signThinking,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents } from "../__fixtures__/collect-events.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatRequest } from "../types.js";
import { createReplayModel } from "./create-replay-model.js";
import { recordModel } from "./record-model.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
const tools = [{ name: "read_file", description: "read", inputSchema: { type: "object" } }];
const turn1: ChatRequest = { messages: [{ role: "user", content: "read a.txt" }], tools };
const turn2: ChatRequest = {
  messages: [
    ...turn1.messages,
    {
      role: "assistant",
      content: "",
      toolCalls: [{ id: "call_1", name: "read_file", arguments: '{"path":"a.txt"}' }],
    },
    { role: "tool", toolCallId: "call_1", content: [{ type: "text", text: "hello from a" }] },
  ],
  tools,
};

describe("recordModel + createReplayModel round trip", () => {
  it("records what a real adapter streamed and replays the same events from the JSONL file", async () => {
    const server = await startScriptedModelServer({
      script: [
        {
          toolCalls: [{ id: "call_1", name: "read_file", arguments: { path: "a.txt" } }],
          usage: { inputTokens: 9, outputTokens: 4 },
        },
        { text: "It says hello.", usage: { inputTokens: 20, outputTokens: 3 } },
        { status: 401 },
      ],
    });
    servers.push(server);
    const path = join(mkdtempSync(join(tmpdir(), "cassette-")), "nested", "run.jsonl");
    const live = recordModel(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m", maxRetries: 0 }),
      { path },
    );
    const first = await collectEvents(live.stream(turn1));
    const second = await collectEvents(live.stream(turn2));
    const third = await collectEvents(live.stream(turn2));
    expect(third.error?.code).toBe("AUTH");

    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      request: { messages: 3, lastRole: "tool", lastText: "hello from a", tools: ["read_file"] },
      provider: "openai-compatible",
      modelId: "m",
    });

    const replay = createReplayModel({ cassette: path, strict: true });
    expect(replay.modelId).toBe("m");
    expect(await collectEvents(replay.stream(turn1))).toEqual(first);
    expect(await collectEvents(replay.stream(turn2))).toEqual(second);
    const replayedError = (await collectEvents(replay.stream(turn2))).error;
    expect(replayedError?.code).toBe("AUTH");
    expect(replayedError?.message).toBe(third.error?.message);
    const exhausted = (await collectEvents(replay.stream(turn2))).error;
    expect(exhausted?.code).toBe("REPLAY_EXHAUSTED");
    expect(exhausted?.message).toContain("Replay call #4");
    expect(exhausted?.message).toContain("holds only 3 model call(s)");
  });

  it("records the events of a call the caller stopped early", async () => {
    const server = await startScriptedModelServer({
      script: [{ text: "one two three", hang: true }],
    });
    servers.push(server);
    const path = join(mkdtempSync(join(tmpdir(), "cassette-")), "early.jsonl");
    const live = recordModel(createOpenAICompatible({ baseURL: server.baseURL, model: "m" }), {
      path,
    });
    for await (const event of live.stream(turn1)) if (event.type === "text-delta") break;
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
      events: [{ type: "text-delta", text: "one" }],
    });
  });
});

describe("cassettes keep reasoning", () => {
  it("records reasoning deltas, signed and redacted parts and reasoning tokens, and replays them as they came", async () => {
    const server = await startScriptedModelServer({
      script: [
        { redactedReasoning: "ENC", reasoning: "Look first.", text: "Done." },
        { reasoning: "Think.", text: "Ok.", usage: undefined },
      ],
    });
    servers.push(server);
    const folder = mkdtempSync(join(tmpdir(), "cassette-"));
    const path = join(folder, "anthropic.jsonl");
    const anthropic = recordModel(
      createAnthropic({ baseURL: server.url, model: "claude", apiKey: "sk-ant-x" }),
      { path },
    );
    const live = await collectEvents(anthropic.stream(turn1));
    expect(live.events).toContainEqual({
      type: "reasoning",
      part: { type: "redacted", data: "ENC" },
    });
    expect(live.events).toContainEqual({
      type: "reasoning",
      part: { type: "thinking", text: "Look first.", signature: signThinking("Look first.") },
    });
    const openaiPath = join(folder, "openai.jsonl");
    const openai = recordModel(createOpenAICompatible({ baseURL: server.baseURL, model: "m" }), {
      path: openaiPath,
    });
    const second = await collectEvents(openai.stream(turn1));
    expect(second.events).toContainEqual(
      expect.objectContaining({ type: "usage", reasoningTokens: 1 }),
    );
    expect(await collectEvents(createReplayModel({ cassette: path }).stream(turn1))).toEqual(live);
    expect(await collectEvents(createReplayModel({ cassette: openaiPath }).stream(turn1))).toEqual(
      second,
    );
  });

  it("refuses a reasoning event without a proper part, naming the line and the right form", () => {
    const path = join(mkdtempSync(join(tmpdir(), "cassette-")), "bad.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify({ events: [{ type: "reasoning", part: { type: "thinking" } }] })}\n`,
    );
    expect(() => createReplayModel({ cassette: path })).toThrow(
      `${path} line 1.events[0].part: expected a reasoning part such as {"type":"thinking","text":"…","signature":"…"} or {"type":"redacted","data":"…"}, got an object`,
    );
  });
});
