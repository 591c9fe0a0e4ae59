import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents } from "../__fixtures__/collect-events.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatMessage, ChatModel, ChatRequest } from "../types.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function serve(script: Script = { turns: [{ text: "ok" }], cycle: true }) {
  const server = await startScriptedModelServer({ script });
  servers.push(server);
  return server;
}
const hello: ChatRequest = { messages: [{ role: "user", content: "hi" }] };
const bodyOf = async (server: ScriptedModelServer, model: ChatModel, request = hello) => {
  const { error } = await collectEvents(model.stream(request));
  expect(error).toBeUndefined();
  return server.requests.at(-1)?.body as Record<string, unknown>;
};

/** A history whose assistant turns reasoned: a tool turn (signed) and an answer (unsigned). */
const history: ChatMessage[] = [
  { role: "user", content: "read a" },
  {
    role: "assistant",
    content: "",
    toolCalls: [{ id: "c1", name: "read", arguments: "{}" }],
    reasoning: [
      { type: "thinking", text: "Read it.", signature: "sig-1", format: "anthropic-claude-v1" },
      { type: "redacted", data: "ENC" },
    ],
  },
  { role: "tool", toolCallId: "c1", content: [{ type: "text", text: "A" }] },
  { role: "assistant", content: "It says A.", reasoning: [{ type: "thinking", text: "Easy." }] },
  { role: "user", content: "and b?" },
];
const assistantsOf = (body: Record<string, unknown>) =>
  (body.messages as Array<Record<string, unknown>>).filter(
    (message) => message.role === "assistant",
  );

describe("asking for reasoning: the setting mapped per provider", () => {
  it("OpenAI and other servers: reasoning_effort; OpenRouter: reasoning {effort | max_tokens}; Groq: also reasoning_format parsed", async () => {
    const server = await serve();
    const warnings: string[] = [];
    const make = (provider: string, reasoning: { effort: "high" } | { budgetTokens: number }) =>
      createOpenAICompatible({
        baseURL: server.baseURL,
        model: "m",
        provider,
        reasoning,
        onWarning: (message) => warnings.push(message),
      });
    expect(await bodyOf(server, make("openai", { effort: "high" }))).toMatchObject({
      reasoning_effort: "high",
    });
    expect(await bodyOf(server, make("openrouter", { effort: "high" }))).toMatchObject({
      reasoning: { effort: "high" },
    });
    expect(await bodyOf(server, make("openrouter", { budgetTokens: 3000 }))).toMatchObject({
      reasoning: { max_tokens: 3000 },
    });
    expect(await bodyOf(server, make("groq", { effort: "high" }))).toMatchObject({
      reasoning_effort: "high",
      reasoning_format: "parsed",
    });
    expect(warnings).toEqual([]);
  });

  it("a token budget where only an effort is taken: nothing sent, one warning that says what to use", async () => {
    const server = await serve();
    const warnings: string[] = [];
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "m",
      provider: "ollama",
      reasoning: { budgetTokens: 2048 },
      onWarning: (message) => warnings.push(message),
    });
    const body = await bodyOf(server, model);
    await bodyOf(server, model);
    expect(body).not.toHaveProperty("reasoning_effort");
    expect(body).not.toHaveProperty("reasoning");
    expect(warnings).toEqual([
      "ollama: a reasoning budget in tokens (2048) is not supported here; it takes an effort (low, medium or high). No reasoning setting is sent.",
    ]);
  });

  it("a server that refuses the reasoning field (a model that does not reason): sent again without it, one warning, never again", async () => {
    const server = await serve({
      turns: [
        {
          status: 400,
          message: "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
        },
        { text: "ok" },
        { text: "again" },
      ],
    });
    const warnings: string[] = [];
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "gpt-4o",
      provider: "openai",
      apiKey: "sk-x",
      reasoning: { effort: "low" },
      onWarning: (message) => warnings.push(message),
    });
    await bodyOf(server, model);
    await bodyOf(server, model);
    const sent = server.requests.map(
      (request) => (request.body as Record<string, unknown>).reasoning_effort,
    );
    expect(sent).toEqual(["low", undefined, undefined]);
    expect(warnings).toEqual([
      "openai: the server refused the reasoning setting for gpt-4o (Unsupported parameter: 'reasoning_effort' is not supported with this model.); it is no longer sent.",
    ]);
  });

  it("a 400 about something else is not retried", async () => {
    const server = await serve({ turns: [{ status: 400, message: "messages: too long" }] });
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "o4-mini",
      reasoning: { effort: "low" },
      onWarning: () => {},
      maxRetries: 0,
    });
    const { error } = await collectEvents(model.stream(hello));
    expect(error?.code).toBe("BAD_REQUEST");
    expect(server.requests).toHaveLength(1);
  });

  it("Anthropic: thinking with the budget, max_tokens above it; an effort maps to a budget; a set temperature and a forced tool choice give way, with one warning each", async () => {
    const server = await serve();
    const warnings: string[] = [];
    const make = (reasoning: { effort: "medium" } | { budgetTokens: number }) =>
      createAnthropic({
        baseURL: server.url,
        model: "claude",
        apiKey: "sk-ant-x",
        reasoning,
        onWarning: (message) => warnings.push(message),
      });
    expect(await bodyOf(server, make({ budgetTokens: 2000 }))).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 2000 },
      max_tokens: 6096,
    });
    const medium = make({ effort: "medium" });
    const tools = [{ name: "ls", description: "list", inputSchema: { type: "object" } }];
    const forced: ChatRequest = { ...hello, tools, toolChoice: "required", temperature: 0.2 };
    const body = await bodyOf(server, medium, forced);
    await bodyOf(server, medium, forced);
    expect(body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 8192 },
      tool_choice: { type: "auto" },
    });
    expect(body).not.toHaveProperty("temperature");
    expect(warnings).toEqual([
      "anthropic: extended thinking cannot be combined with a temperature; the temperature is not sent while reasoning is on.",
      "anthropic: extended thinking cannot be combined with a forced tool choice; tool_choice auto is sent while reasoning is on.",
    ]);
    warnings.length = 0;
    expect(await bodyOf(server, make({ budgetTokens: 500 }))).toMatchObject({
      thinking: { budget_tokens: 1024 },
    });
    expect(warnings).toEqual([
      "anthropic: a reasoning budget of 500 tokens is below the API's minimum of 1024; using 1024.",
    ]);
  });

  it("a malformed setting is CONFIG_INVALID naming the field and the right form", () => {
    expect(() =>
      createOpenAICompatible({
        baseURL: "http://localhost:1/v1",
        model: "m",
        reasoning: { effort: "max" } as never,
      }),
    ).toThrow(
      'reasoning.effort: expected "low", "medium" or "high", got a string ("max") (example: { "effort": "medium" }).',
    );
    expect(() =>
      createAnthropic({ model: "c", apiKey: "k", reasoning: { budgetTokens: -5 } }),
    ).toThrow(
      'reasoning.budgetTokens: expected a whole number of tokens ≥ 1, got a number (-5) (example: { "budgetTokens": 4096 }).',
    );
  });
});

describe("sending reasoning back: only where the provider needs it", () => {
  it("Anthropic: signed thinking and redacted blocks first in the assistant turn; unsigned reasoning never", async () => {
    const server = await serve();
    const body = await bodyOf(
      server,
      createAnthropic({ baseURL: server.url, model: "c", apiKey: "k" }),
      { messages: history },
    );
    expect(assistantsOf(body)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Read it.", signature: "sig-1" },
          { type: "redacted_thinking", data: "ENC" },
          { type: "tool_use", id: "c1", name: "read", input: {} },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "It says A." }] },
    ]);
  });

  it("OpenAI-compatible by default: no reasoning field on any message", async () => {
    const server = await serve();
    const body = await bodyOf(
      server,
      createOpenAICompatible({ baseURL: server.baseURL, model: "qwen3:8b", provider: "ollama" }),
      { messages: history },
    );
    for (const message of assistantsOf(body)) {
      expect(Object.keys(message).sort()).toEqual(
        message.tool_calls ? ["content", "role", "tool_calls"] : ["content", "role"],
      );
    }
  });

  it("DeepSeek: reasoning_content on the turn that called tools, never on answers; R1 models never", async () => {
    const server = await serve();
    const deepseek = (model: string) =>
      createOpenAICompatible({ baseURL: server.baseURL, model, provider: "deepseek" });
    const v4 = assistantsOf(await bodyOf(server, deepseek("deepseek-chat"), { messages: history }));
    expect(v4[0]).toMatchObject({ reasoning_content: "Read it." });
    expect(v4[1]).not.toHaveProperty("reasoning_content");
    const r1 = assistantsOf(await bodyOf(server, deepseek("deepseek-r1"), { messages: history }));
    expect(r1.some((message) => "reasoning_content" in message)).toBe(false);
  });

  it("OpenRouter: signed and encrypted parts as reasoning_details, unsigned ones never", async () => {
    const server = await serve();
    const body = await bodyOf(
      server,
      createOpenAICompatible({ baseURL: server.baseURL, model: "x", provider: "openrouter" }),
      { messages: history },
    );
    const [toolTurn, answer] = assistantsOf(body);
    expect(toolTurn?.reasoning_details).toEqual([
      {
        type: "reasoning.text",
        text: "Read it.",
        signature: "sig-1",
        index: 0,
        format: "anthropic-claude-v1",
      },
      { type: "reasoning.encrypted", data: "ENC", index: 1 },
    ]);
    expect(answer).not.toHaveProperty("reasoning_details");
  });
});
