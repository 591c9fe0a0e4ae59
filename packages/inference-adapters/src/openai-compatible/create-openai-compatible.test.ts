import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf, toolCallsOf } from "../__fixtures__/collect-events.js";
import { InferenceError } from "../inference-error.js";
import type { ChatRequest } from "../types.js";
import { createOpenAICompatible } from "./create-openai-compatible.js";

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
const secretKey = "sk-test-SECRET-0123456789abcdef";

describe("createOpenAICompatible: streaming", () => {
  it("streams text deltas, usage from the final chunk and the finish reason", async () => {
    const server = await serve([
      { text: "Hello there friend", usage: { inputTokens: 11, outputTokens: 3 } },
    ]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m1",
      apiKey: secretKey,
    });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: " there" },
      { type: "text-delta", text: " friend" },
      { type: "usage", inputTokens: 11, outputTokens: 3 },
      { type: "finish", reason: "stop", model: "m1" },
    ]);
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.body).toEqual({
      model: "m1",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(model).toMatchObject({ provider: "openai-compatible", modelId: "m1" });
  });

  it("sends the base URL's query (Azure's api-version) with every request, and shows the URL with its values masked", async () => {
    const server = await serve([{ text: "Hi" }, { status: 404, message: "no deployment" }]);
    const model = createOpenAICompatible({
      baseURL: `${server.baseURL}?api-version=2024-10-21`,
      model: "m1",
      maxRetries: 0,
    });
    expect((await collectEvents(model.stream(hello))).error).toBeUndefined();
    expect(server.requests[0]).toMatchObject({
      path: "/v1/chat/completions",
      query: "?api-version=2024-10-21",
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(server.requests[1]?.query).toBe("?api-version=2024-10-21");
    // Shown as every URL is (errors' redactUrl): the parameter named, its value masked.
    expect((error as Error).message).toContain(
      `${server.baseURL}/chat/completions?api-version=***:`,
    );
    expect((error as Error).message).not.toContain("2024-10-21");
  });

  it("assembles one tool call whose arguments arrive over many chunks", async () => {
    const server = await serve([
      {
        text: "Reading",
        toolCalls: [{ id: "call_9", name: "read_file", arguments: { path: "notes/a.txt" } }],
        argumentsChunkSize: 3,
      },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { events } = await collectEvents(model.stream(hello));
    const deltas = events.filter((event) => event.type === "tool-call-delta");
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas[0]).toEqual({
      type: "tool-call-delta",
      index: 0,
      id: "call_9",
      name: "read_file",
      argumentsDelta: "",
    });
    expect(toolCallsOf(events)).toEqual([
      { type: "tool-call", id: "call_9", name: "read_file", arguments: '{"path":"notes/a.txt"}' },
    ]);
    expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls", model: "m" });
    expect(textOf(events)).toBe("Reading");
  });

  it("assembles several interleaved calls by index, in index order", async () => {
    const server = await serve([
      {
        toolCallStyle: "interleaved",
        toolCalls: [
          { id: "a", name: "first", argumentChunks: ['{"n"', ":1", "}"] },
          { id: "b", name: "second", argumentChunks: ['{"m":', '"x"}'] },
          { id: "c", name: "third", arguments: "" },
        ],
      },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { events } = await collectEvents(model.stream(hello));
    expect(toolCallsOf(events)).toEqual([
      { type: "tool-call", id: "a", name: "first", arguments: '{"n":1}' },
      { type: "tool-call", id: "b", name: "second", arguments: '{"m":"x"}' },
      { type: "tool-call", id: "c", name: "third", arguments: "{}" },
    ]);
  });

  it("takes a whole call in one chunk (Ollama) whose finish_reason is stop as tool-calls", async () => {
    const server = await serve([
      {
        toolCallStyle: "whole",
        finishReason: "stop",
        toolCalls: [{ id: "call_0", name: "ls", arguments: { dir: "." } }],
      },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { events } = await collectEvents(model.stream(hello));
    expect(toolCallsOf(events)).toEqual([
      { type: "tool-call", id: "call_0", name: "ls", arguments: '{"dir":"."}' },
    ]);
    expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls", model: "m" });
  });

  it("turns empty arguments into {} and generates a missing id", async () => {
    const server = await serve([
      {
        toolCalls: [
          { id: null, name: "now", arguments: "" },
          { id: null, name: "later", arguments: "" },
        ],
      },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const calls = toolCallsOf((await collectEvents(model.stream(hello))).events);
    expect(calls.map((call) => [call.name, call.arguments])).toEqual([
      ["now", "{}"],
      ["later", "{}"],
    ]);
    expect(calls[0]?.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
  });

  it("maps finish reasons length and content_filter", async () => {
    const server = await serve([
      { text: "cut sh", finishReason: "length" },
      { text: "no", finishReason: "content-filter" },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    expect((await collectEvents(model.stream(hello))).events.at(-1)).toEqual({
      type: "finish",
      reason: "length",
      model: "m",
    });
    expect((await collectEvents(model.stream(hello))).events.at(-1)).toEqual({
      type: "finish",
      reason: "content-filter",
      model: "m",
    });
  });

  it("names the model that answered, as the chunks' model field says, not the one asked for", async () => {
    const server = await serve([{ text: "hi", answerModel: "gpt-4o-2024-08-06" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "gpt-4o" });
    const { events } = await collectEvents(model.stream(hello));
    expect(server.requests[0]?.body).toMatchObject({ model: "gpt-4o" });
    expect(events.at(-1)).toEqual({ type: "finish", reason: "stop", model: "gpt-4o-2024-08-06" });
  });

  it("accepts a base URL ending in /v1/chat/completions, a trailing slash or a bare origin", async () => {
    const server = await serve([{ text: "a" }, { text: "b" }, { text: "c" }]);
    for (const baseURL of [
      `${server.baseURL}/chat/completions`,
      `${server.baseURL}/`,
      server.url,
    ]) {
      const model = createOpenAICompatible({ baseURL, model: "m" });
      expect((await collectEvents(model.stream(hello))).error).toBeUndefined();
    }
    expect(server.requests.map((request) => request.path)).toEqual([
      "/v1/chat/completions",
      "/v1/chat/completions",
      "/v1/chat/completions",
    ]);
  });

  it("sends converted messages, tools, tool_choice, max_tokens and temperature", async () => {
    const server = await serve([{ text: "ok" }, { text: "ok" }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      capabilities: { vision: true },
    });
    const request: ChatRequest = {
      messages: [
        { role: "system", content: "be brief" },
        {
          role: "user",
          content: [
            { type: "text", text: "look" },
            { type: "image", data: "iVBORw0K", mimeType: "image/png" },
          ],
        },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "c1", name: "shot", arguments: "{}" },
            { id: "c2", name: "cat", arguments: '{"f":"a"}' },
          ],
        },
        {
          role: "tool",
          toolCallId: "c1",
          toolName: "shot",
          content: [
            { type: "text", text: "taken" },
            { type: "image", data: "R0lGOD", mimeType: "image/gif" },
          ],
        },
        {
          role: "tool",
          toolCallId: "c2",
          content: [{ type: "text", text: "no such file" }],
          isError: true,
        },
      ],
      tools: [
        {
          name: "cat",
          description: "print a file",
          inputSchema: {
            $defs: { P: { type: "string" } },
            type: "object",
            properties: { f: { $ref: "#/$defs/P" } },
          },
        },
      ],
      toolChoice: { name: "cat" },
      maxTokens: 100,
      temperature: 0.2,
    };
    await collectEvents(model.stream(request));
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.messages).toEqual([
      { role: "system", content: "be brief" },
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0K" } },
        ],
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "shot", arguments: "{}" } },
          { id: "c2", type: "function", function: { name: "cat", arguments: '{"f":"a"}' } },
        ],
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content: "taken\n[image image/gif: shown in the next user message]",
      },
      { role: "tool", tool_call_id: "c2", content: "Error: no such file" },
      {
        role: "user",
        content: [
          { type: "text", text: "Image(s) returned by tool shot (call c1):" },
          { type: "image_url", image_url: { url: "data:image/gif;base64,R0lGOD" } },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "cat",
          description: "print a file",
          parameters: { type: "object", properties: { f: { type: "string" } } },
        },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "cat" } });
    expect(body).toMatchObject({ max_tokens: 100, temperature: 0.2 });

    const blind = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    await collectEvents(blind.stream(request));
    const blindMessages = (
      server.requests[1]!.body as { messages: Array<{ role: string; content: unknown }> }
    ).messages;
    expect(blindMessages).toHaveLength(5);
    expect(blindMessages[3]?.content).toBe(
      "taken\n[image image/gif, 4 bytes: not shown to this model]",
    );
  });
});

describe("createOpenAICompatible: errors", () => {
  it("401 → AUTH naming the provider and the key variable, never the key", async () => {
    const server = await serve([
      {
        status: 401,
        message: `Incorrect API key provided: ${secretKey}. Authorization: Bearer ${secretKey}`,
      },
    ]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "gpt-x",
      provider: "openai",
      env: { OPENAI_API_KEY: secretKey },
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(InferenceError.isInstance(error)).toBe(true);
    expect(error?.code).toBe("AUTH");
    expect(error?.status).toBe(401);
    expect(error?.message).toContain("openai rejected the API key");
    expect(error?.message).toContain("OPENAI_API_KEY");
    expect(error?.message).not.toContain(secretKey);
    expect(JSON.stringify(error)).not.toContain(secretKey);
    expect(String(error?.stack)).not.toContain(secretKey);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${secretKey}`);
  });

  it("403 without a key → AUTH saying none was sent and which variable to set", async () => {
    const server = await serve([{ status: 403 }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      provider: "huggingface",
      env: {},
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("AUTH");
    expect(error?.message).toContain("none was sent. Set the HF_TOKEN environment variable");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("never shows secret header values the server echoes back", async () => {
    const headerSecret = "hdr-secret-value-42";
    const server = await serve([{ status: 400, message: `bad header x-api-key=${headerSecret}` }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      headers: { "x-api-key": headerSecret },
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toContain("***");
    expect(error?.message).not.toContain(headerSecret);
    expect(server.requests[0]?.headers["x-api-key"]).toBe(headerSecret);
  });

  it("404 → NOT_FOUND naming the model and the URL", async () => {
    const server = await serve([{ status: 404, message: "model 'nope' not found" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "nope" });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("NOT_FOUND");
    expect(error?.message).toContain('model "nope"');
    expect(error?.message).toContain(`${server.baseURL}/chat/completions`);
    expect(error?.message).toContain("model 'nope' not found");
  });

  it("retries 429 honouring Retry-After, then streams", async () => {
    const server = await serve([
      { status: 429, retryAfter: 0 },
      { status: 503, retryAfter: 0 },
      { text: "finally" },
    ]);
    // A retry delay no test could wait out: passing proves Retry-After was honoured.
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      retryDelayMs: 600_000,
    });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe("finally");
    expect(server.requests.map((request) => request.status)).toEqual([429, 503, 200]);
  });

  it("waits a Retry-After given in seconds", async () => {
    const server = await serve([{ status: 429, retryAfter: 1 }, { text: "ok" }]);
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      retryDelayMs: 600_000,
    });
    const started = performance.now();
    const { events } = await collectEvents(model.stream(hello));
    // A lower bound, which load on the machine can only make longer: the retry did not
    // come before the second the server asked for (a default 600 s wait would time out).
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(textOf(events)).toBe("ok");
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxRetries (default 2) → SERVER / RATE_LIMITED", async () => {
    const server = await serve([
      { status: 500 },
      { status: 502 },
      { status: 503, message: "still down" },
      { status: 429 },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m", retryDelayMs: 1 });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("SERVER");
    expect(error?.status).toBe(503);
    expect(error?.message).toContain("still after 2 retries");
    expect(error?.message).toContain("still down");
    expect(server.requests).toHaveLength(3);
    const noRetry = createOpenAICompatible({ baseURL: server.baseURL, model: "m", maxRetries: 0 });
    expect((await collectEvents(noRetry.stream(hello))).error?.code).toBe("RATE_LIMITED");
    expect(server.requests).toHaveLength(4);
  });

  it("fails at once when Retry-After asks for more than a minute", async () => {
    const server = await serve([{ status: 429, retryAfter: 3600 }, { text: "never" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("RATE_LIMITED");
    expect(error?.message).toContain("retry after 3600 s");
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry once something has streamed: a cut stream → INTERRUPTED after the text so far", async () => {
    const server = await serve([{ text: "one two three four", cutAfter: 3 }, { text: "again" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m", retryDelayMs: 1 });
    const { events, error } = await collectEvents(model.stream(hello));
    expect(textOf(events)).toBe("one two");
    expect(error?.code).toBe("INTERRUPTED");
    expect(error?.message).toContain("closed before the response was complete");
    expect(server.requests).toHaveLength(1);
  });

  it("connection refused → UNREACHABLE with the URL and a hint", async () => {
    const server = await serve([]);
    const { baseURL } = server;
    await server.close();
    const model = createOpenAICompatible({ baseURL, model: "qwen3", provider: "ollama" });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("UNREACHABLE");
    expect(error?.message).toContain(`${baseURL}/chat/completions`);
    expect(error?.message).toContain("ECONNREFUSED");
    expect(error?.message).toContain("Is Ollama running?");
  });

  it("a malformed event → PROTOCOL quoting its first 200 characters", async () => {
    const garbage = `{"choices": [${"x".repeat(300)}`;
    const server = await serve([{ text: "a", malformed: garbage, malformedAfter: 1 }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("PROTOCOL");
    expect(error?.message).toContain(`"${garbage.slice(0, 200)}"`);
    expect(error?.message).not.toContain(garbage.slice(0, 201));
  });

  it("a 200 that is not an event stream → PROTOCOL", async () => {
    const server = await serve([
      { status: 200, body: { choices: [{ message: { content: "not streamed" } }] } },
    ]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("PROTOCOL");
    expect(error?.message).toContain("application/json instead of an event stream");
    expect(error?.message).toContain("not streamed");
  });

  it("a stream that ends without [DONE] or a finish reason → INTERRUPTED", async () => {
    const server = await serve([{ text: "a b", cutAfter: 2 }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    expect((await collectEvents(model.stream(hello))).error?.code).toBe("INTERRUPTED");
  });

  it("rejects a missing model or base URL with CONFIG_INVALID", () => {
    expect(() => createOpenAICompatible({ baseURL: "http://x/v1", model: "" })).toThrow(
      /model: expected a model id/,
    );
    expect(() => createOpenAICompatible({ model: "m" })).toThrow(/baseURL: missing/);
    expect(() => createOpenAICompatible({ baseURL: "localhost:1/v1", model: "m" })).toThrow(
      /expected an http\(s\) URL/,
    );
  });
});

describe("createOpenAICompatible: abort", () => {
  it("abort in the middle of a stream → ABORTED at once, and the server sees the connection close", async () => {
    const server = await serve([{ text: "first words", hang: true }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const controller = new AbortController();
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const event of model.stream({ ...hello, signal: controller.signal })) {
        if (event.type === "text-delta") seen.push(event.text);
        if (seen.length === 2) controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(seen).toEqual(["first", " words"]);
    expect((caught as InferenceError).code).toBe("ABORTED");
    const record = await server.waitForRequestEnd(0);
    expect(record.clientClosed).toBe(true);
  });

  it("an already aborted signal sends nothing", async () => {
    const server = await serve([{ text: "x" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const { error } = await collectEvents(model.stream({ ...hello, signal: AbortSignal.abort() }));
    expect(error?.code).toBe("ABORTED");
    expect(server.requests).toHaveLength(0);
  });

  it("abort during a retry wait ends the wait", async () => {
    const server = await serve([{ status: 503, retryAfter: 30 }, { text: "x" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const controller = new AbortController();
    const pending = collectEvents(model.stream({ ...hello, signal: controller.signal }));
    await server.waitForRequestEnd(0);
    controller.abort();
    expect((await pending).error?.code).toBe("ABORTED");
    expect(server.requests).toHaveLength(1);
  });

  it("sends nothing until the stream is read", async () => {
    const server = await serve([{ text: "x" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const unread = model.stream(hello);
    // Another client's whole request, made after: had the unread stream sent its request,
    // the server would have it before this one ends.
    const other = createOpenAICompatible({ baseURL: server.baseURL, model: "control" });
    await collectEvents(other.stream(hello));
    expect(server.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      "control",
    ]);
    await unread[Symbol.asyncIterator]().return?.();
    expect(server.requests).toHaveLength(1);
  });

  it("leaving the loop early closes the connection", async () => {
    const server = await serve([{ text: "a b c", hang: true }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    for await (const event of model.stream(hello)) {
      if (event.type === "text-delta") break;
    }
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
  });
});
