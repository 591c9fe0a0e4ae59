import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf, toolCallsOf } from "../__fixtures__/collect-events.js";
import type { InferenceError } from "../inference-error.js";
import type { ChatRequest } from "../types.js";
import { createAnthropic } from "./create-anthropic.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function serve(script: Script) {
  const server = await startScriptedModelServer({ script });
  servers.push(server);
  return server;
}
const key = "sk-ant-SECRET-abcdef0123456789";
const hello: ChatRequest = { messages: [{ role: "user", content: "hi" }] };

describe("createAnthropic: streaming", () => {
  it("streams text, usage (input from message_start, output from message_delta) and end_turn → stop", async () => {
    const server = await serve([{ text: "Hi there", usage: { inputTokens: 30, outputTokens: 4 } }]);
    const model = createAnthropic({ baseURL: server.url, model: "claude-x", apiKey: key });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: "text-delta", text: "Hi" },
      { type: "text-delta", text: " there" },
      { type: "usage", inputTokens: 30, outputTokens: 4 },
      { type: "finish", reason: "stop", model: "claude-x" },
    ]);
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/messages");
    expect(sent.headers["x-api-key"]).toBe(key);
    expect(sent.headers["anthropic-version"]).toBe("2023-06-01");
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({
      model: "claude-x",
      max_tokens: 4096,
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      stream: true,
    });
    expect(model).toMatchObject({ provider: "anthropic", modelId: "claude-x" });
  });

  it("assembles tool_use blocks from input_json_delta, several calls in order, empty input → {}", async () => {
    const server = await serve([
      {
        text: "Let me check.",
        toolCalls: [
          { id: "toolu_a", name: "read_file", arguments: { path: "a/b.txt", lines: [1, 2] } },
          { id: "toolu_b", name: "list", arguments: "" },
        ],
        argumentsChunkSize: 4,
      },
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: key });
    const { events } = await collectEvents(model.stream(hello));
    expect(textOf(events)).toBe("Let me check.");
    expect(toolCallsOf(events)).toEqual([
      {
        type: "tool-call",
        id: "toolu_a",
        name: "read_file",
        arguments: '{"path":"a/b.txt","lines":[1,2]}',
      },
      { type: "tool-call", id: "toolu_b", name: "list", arguments: "{}" },
    ]);
    const deltas = events.filter((event) => event.type === "tool-call-delta");
    expect(deltas[0]).toEqual({
      type: "tool-call-delta",
      index: 0,
      id: "toolu_a",
      name: "read_file",
      argumentsDelta: "",
    });
    expect(
      deltas
        .filter((delta) => delta.index === 0)
        .map((delta) => delta.argumentsDelta)
        .join(""),
    ).toBe('{"path":"a/b.txt","lines":[1,2]}');
    expect(deltas.some((delta) => delta.index === 1 && delta.name === "list")).toBe(true);
    expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls", model: "c" });
  });

  it("maps max_tokens → length and refusal → content-filter", async () => {
    const server = await serve([
      { text: "trunc", finishReason: "length" },
      { text: "no", finishReason: "content-filter" },
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: key });
    expect((await collectEvents(model.stream(hello))).events.at(-1)).toEqual({
      type: "finish",
      reason: "length",
      model: "c",
    });
    expect((await collectEvents(model.stream(hello))).events.at(-1)).toEqual({
      type: "finish",
      reason: "content-filter",
      model: "c",
    });
  });

  it("names the model that answered, as message_start's message.model says, not the one asked for", async () => {
    const server = await serve([{ text: "hi", answerModel: "claude-sonnet-4-5-20250929" }]);
    const model = createAnthropic({ baseURL: server.url, model: "claude-sonnet-4-5", apiKey: key });
    const { events } = await collectEvents(model.stream(hello));
    expect(server.requests[0]?.body).toMatchObject({ model: "claude-sonnet-4-5" });
    expect(events.at(-1)).toEqual({
      type: "finish",
      reason: "stop",
      model: "claude-sonnet-4-5-20250929",
    });
  });

  it("sends system apart, tool_use and merged tool_result blocks, images, tools and tool_choice", async () => {
    const server = await serve([{ text: "ok" }]);
    const model = createAnthropic({
      baseURL: `${server.baseURL}/messages`,
      model: "c",
      apiKey: key,
      maxTokens: 99,
    });
    await collectEvents(
      model.stream({
        messages: [
          { role: "system", content: "You are terse." },
          {
            role: "user",
            content: [
              { type: "text", text: "see" },
              { type: "image", data: "AAAA", mimeType: "image/png" },
            ],
          },
          {
            role: "assistant",
            content: "Two calls.",
            toolCalls: [
              { id: "t1", name: "shot", arguments: "{}" },
              { id: "t2", name: "cat", arguments: '{"f":"x"}' },
            ],
          },
          {
            role: "tool",
            toolCallId: "t1",
            content: [{ type: "image", data: "BBBB", mimeType: "image/jpeg" }],
          },
          {
            role: "tool",
            toolCallId: "t2",
            content: [{ type: "text", text: "missing" }],
            isError: true,
          },
          { role: "user", content: "and now?" },
        ],
        tools: [
          {
            name: "cat",
            description: "cat a file",
            inputSchema: { properties: { f: { type: "string" } } },
          },
        ],
        toolChoice: "required",
        temperature: 0,
      }),
    );
    expect(server.requests[0]?.body).toEqual({
      model: "c",
      max_tokens: 99,
      system: "You are terse.",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "see" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Two calls." },
            { type: "tool_use", id: "t1", name: "shot", input: {} },
            { type: "tool_use", id: "t2", name: "cat", input: { f: "x" } },
          ],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "t1",
              content: [
                {
                  type: "image",
                  source: { type: "base64", media_type: "image/jpeg", data: "BBBB" },
                },
              ],
            },
            {
              type: "tool_result",
              tool_use_id: "t2",
              content: [{ type: "text", text: "missing" }],
              is_error: true,
            },
            { type: "text", text: "and now?" },
          ],
        },
      ],
      tools: [
        {
          name: "cat",
          description: "cat a file",
          input_schema: { type: "object", properties: { f: { type: "string" } } },
        },
      ],
      tool_choice: { type: "any" },
      temperature: 0,
      stream: true,
    });
  });
});

describe("createAnthropic: errors and abort", () => {
  it("401 → AUTH naming ANTHROPIC_API_KEY, never the key", async () => {
    const server = await serve([{ status: 401, message: `invalid x-api-key ${key}` }]);
    const model = createAnthropic({
      baseURL: server.baseURL,
      model: "c",
      env: { ANTHROPIC_API_KEY: key },
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("AUTH");
    expect(error?.message).toContain("anthropic rejected the API key");
    expect(error?.message).toContain("ANTHROPIC_API_KEY");
    expect(error?.message).not.toContain(key);
    expect(server.requests[0]?.headers["x-api-key"]).toBe(key);
  });

  it("404 → NOT_FOUND; 400 → BAD_REQUEST with the server's message", async () => {
    const server = await serve([
      { status: 404 },
      { status: 400, message: "max_tokens: too large" },
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "claude-nope", apiKey: key });
    expect((await collectEvents(model.stream(hello))).error?.code).toBe("NOT_FOUND");
    const bad = (await collectEvents(model.stream(hello))).error;
    expect(bad?.code).toBe("BAD_REQUEST");
    expect(bad?.message).toContain("max_tokens: too large");
  });

  it("retries 529 overloaded and 429 with Retry-After, then streams", async () => {
    const server = await serve([
      { status: 529, retryAfter: 0 },
      { status: 429, retryAfter: 0 },
      { text: "done" },
    ]);
    const model = createAnthropic({
      baseURL: server.baseURL,
      model: "c",
      apiKey: key,
      retryDelayMs: 600_000,
    });
    const { events } = await collectEvents(model.stream(hello));
    expect(textOf(events)).toBe("done");
    expect(server.requests.map((request) => request.status)).toEqual([529, 429, 200]);
  });

  it("a stream cut before message_stop → INTERRUPTED; malformed data → PROTOCOL", async () => {
    const server = await serve([
      { text: "a b c", cutAfter: 4 },
      { text: "a", malformed: "event-data-that-is-not-json", malformedAfter: 3 },
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: key });
    const cut = await collectEvents(model.stream(hello));
    expect(textOf(cut.events)).toBe("a");
    expect(cut.error?.code).toBe("INTERRUPTED");
    const malformed = await collectEvents(model.stream(hello));
    expect(malformed.error?.code).toBe("PROTOCOL");
    expect(malformed.error?.message).toContain('"event-data-that-is-not-json"');
  });

  it("an error event in the middle of the stream → SERVER with its message", async () => {
    const server = await serve([
      {
        text: "partial",
        malformed: JSON.stringify({
          type: "error",
          error: { type: "overloaded_error", message: "Overloaded" },
        }),
        malformedAfter: 4, // message_start, ping, content_block_start, one text_delta
      },
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: key });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(textOf(events)).toBe("partial");
    expect(error?.code).toBe("SERVER");
    expect(error?.message).toContain("overloaded_error in the middle of the stream: Overloaded");
  });

  it("connection refused → UNREACHABLE with the URL", async () => {
    const server = await serve([]);
    const { baseURL } = server;
    await server.close();
    const { error } = await collectEvents(
      createAnthropic({ baseURL, model: "c", apiKey: key }).stream(hello),
    );
    expect(error?.code).toBe("UNREACHABLE");
    expect(error?.message).toContain(`${baseURL}/messages`);
  });

  it("abort mid-stream → ABORTED and the server sees the connection close", async () => {
    const server = await serve([{ text: "one two", hang: true }]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: key });
    const controller = new AbortController();
    let caught: InferenceError | undefined;
    try {
      for await (const event of model.stream({ ...hello, signal: controller.signal })) {
        if (event.type === "text-delta") controller.abort();
      }
    } catch (error) {
      caught = error as InferenceError;
    }
    expect(caught?.code).toBe("ABORTED");
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });
});

describe("createAnthropic: settings", () => {
  it("rejects a missing model or a base URL that is not http(s) with CONFIG_INVALID", () => {
    expect(() => createAnthropic({ model: "", apiKey: key })).toThrow(
      expect.objectContaining({
        code: "CONFIG_INVALID",
        message: expect.stringContaining("model: expected a model id"),
      }),
    );
    for (const baseURL of ["api.anthropic.com", "ftp://api.anthropic.com"]) {
      expect(() => createAnthropic({ baseURL, model: "c", apiKey: key })).toThrow(
        expect.objectContaining({
          code: "CONFIG_INVALID",
          message: expect.stringMatching(
            new RegExp(
              `baseURL: expected an http\\(s\\) URL, got a string \\("${baseURL}"\\) \\(example: `,
            ),
          ),
        }),
      );
    }
  });
});
