import type { RunTimeline } from "@tinyloop/agent-loop";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import { formatRequestLog } from "./format-request-log.js";

let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const ask = (content: string) => ({
  model: MODEL_NAME,
  messages: [{ role: "user" as const, content }],
});

describe("the official openai client", () => {
  it("gets a non-streaming answer with usage and the tool work in the tinyloop field", async () => {
    rig = await startServeRig([
      { toolCalls: [{ id: "c1", name: "mcp_fx_echo", arguments: { text: "ping" } }] },
      { text: "The fixture said ping." },
    ]);
    const completion = await rig.client.chat.completions.create(ask("Say ping through echo"));
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe(MODEL_NAME);
    expect(completion.choices[0]?.message).toMatchObject({
      role: "assistant",
      content: "The fixture said ping.",
    });
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    const extension = (completion as unknown as { tinyloop: Record<string, unknown> }).tinyloop;
    expect(extension).toMatchObject({
      stop_reason: "completed",
      turns: 2,
      events: [
        { type: "tool_call", id: "c1", name: "mcp_fx_echo", arguments: '{"text":"ping"}' },
        { type: "tool_result", id: "c1", name: "mcp_fx_echo", outcome: "ok", result: "ping" },
        { type: "timeline", timeline: { turns: 2, reason: "completed" } },
      ],
    });
    // The second model call carried the real tool result from the MCP server.
    const second = rig.modelServer.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", content: "ping" });
  });

  it("streams text chunks, tool work as tinyloop chunks, usage and [DONE]", async () => {
    rig = await startServeRig([
      {
        text: "Let me check.",
        toolCalls: [{ id: "c1", name: "mcp_fx_add", arguments: { a: 2, b: 3 } }],
      },
      { text: "Two and three make 5." },
    ]);
    const stream = await rig.client.chat.completions.create({
      ...ask("Add 2 and 3"),
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    const extensions: Array<Record<string, unknown>> = [];
    const finishes: unknown[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      const ext = (chunk as unknown as { tinyloop?: Record<string, unknown> }).tinyloop;
      if (ext) extensions.push(ext);
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe("Let me check.\n\nTwo and three make 5.");
    expect(extensions.map((e) => e.type)).toEqual(["tool_call", "tool_result", "timeline", "done"]);
    expect(extensions[1]).toMatchObject({
      name: "mcp_fx_add",
      outcome: "ok",
      result: "5",
      is_error: false,
    });
    expect(typeof extensions[1]?.duration_ms).toBe("number");
    // The run as a timeline: each model call, then its tool call, on one time axis.
    const { timeline } = extensions[2] as { timeline: RunTimeline };
    expect(timeline.bars.map((bar) => [bar.kind, bar.label, bar.status])).toEqual([
      ["model", "turn 1", "ok"],
      ["tool", "mcp_fx_add", "ok"],
      ["model", "turn 2", "ok"],
    ]);
    expect(timeline.bars[1]?.callId).toBe("c1");
    expect(timeline).toMatchObject({ turns: 2, reason: "completed" });
    expect(extensions[3]).toMatchObject({ type: "done", reason: "completed", turns: 2 });
    expect(finishes).toEqual(["stop"]);
    expect(usage).toMatchObject({ total_tokens: expect.any(Number) });
  });

  it("sends the client's conversation to the model after the agent's system prompt", async () => {
    rig = await startServeRig([{ text: "Blue." }], { systemPrompt: "You are the agent." });
    const completion = await rig.client.chat.completions.create({
      model: MODEL_NAME,
      temperature: 0.2,
      max_tokens: 50,
      messages: [
        { role: "system", content: "Answer in one word." },
        { role: "user", content: "What colour is the sky?" },
        { role: "assistant", content: "Which sky?" },
        { role: "user", content: "Ours, at noon." },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe("Blue.");
    const sent = rig.modelServer.requests[0]?.body as Record<string, unknown>;
    expect(sent.messages).toEqual([
      { role: "system", content: "You are the agent." },
      { role: "system", content: "Answer in one word." },
      { role: "user", content: "What colour is the sky?" },
      { role: "assistant", content: "Which sky?" },
      { role: "user", content: "Ours, at noon." },
    ]);
    expect(sent.temperature).toBe(0.2);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(50);
  });

  it("lists the agent as the one model, and retrieves it by id", async () => {
    rig = await startServeRig([]);
    const models = await rig.client.models.list();
    expect(models.data.map((m) => m.id)).toEqual([MODEL_NAME]);
    expect(await rig.client.models.retrieve(MODEL_NAME)).toMatchObject({
      id: MODEL_NAME,
      object: "model",
      owned_by: "tinyloop",
    });
    const other = await rig.client.models.retrieve("gpt-4o").catch((e: unknown) => e);
    expect(other).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("reports a failing model as an API error the client raises, streaming or not", async () => {
    rig = await startServeRig([
      { status: 401, message: "bad model key" } as never,
      { status: 401, message: "bad model key" } as never,
    ]);
    const plain = await rig.client.chat.completions.create(ask("Hi")).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(OpenAI.APIError);
    expect((plain as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((plain as Error).message).toContain("The agent's model failed");
    const streamed = await (async () => {
      const stream = await rig.client.chat.completions.create({ ...ask("Hi"), stream: true });
      for await (const _ of stream) {
        // drain
      }
    })().catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(OpenAI.APIError);
    expect((streamed as Error).message).toContain("The agent's model failed");
  });
});

describe("auth", () => {
  it("/healthz answers without the key with its status alone; with the key, the whole body", async () => {
    rig = await startServeRig([{ text: "ok" }]);
    const probes: Record<string, string>[] = [{}, { authorization: "Bearer tl-wrong-key" }];
    for (const headers of probes) {
      const response = await fetch(`${rig.url}/healthz`, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    }
    const full = await (await rig.call("/healthz")).json();
    expect(full).toMatchObject({
      status: "ok",
      model: expect.any(String),
      servers: expect.any(Array),
    });
  });

  it("refuses every API request without the key, with a wrong key, and accepts the right one", async () => {
    rig = await startServeRig([{ text: "ok" }]);
    for (const path of ["/v1/models", "/tinyloop/v1/tools"]) {
      const response = await rig.call(path, { auth: false });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.json()).toMatchObject({
        error: { type: "authentication_error", code: "missing_api_key" },
      });
    }
    const stranger = new OpenAI({
      baseURL: `${rig.url}/v1`,
      apiKey: "tl-wrong-key",
      maxRetries: 0,
    });
    const refused = await stranger.chat.completions.create(ask("Hi")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(rig.modelServer.requests).toHaveLength(0);
    expect(rig.server.apiKeyGenerated).toBe(true);
    expect(rig.server.apiKey).toMatch(/^tl-[\w-]{32}$/);
  });

  it("serves the chat page without a key (it holds no data)", async () => {
    rig = await startServeRig([]);
    const page = await rig.call("/", { auth: false });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("chat.js");
    expect(rig.server.chatPageUrl).toBe(`${rig.url}/#key=${rig.server.apiKey}`);
  });

  it("reports each request to onRequest, which formatRequestLog turns into an access-log line", async () => {
    const lines: string[] = [];
    rig = await startServeRig([], { onRequest: (log) => lines.push(formatRequestLog(log)) });
    await rig.call("/v1/models");
    await rig.call("/v1/models", { auth: false });
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatch(/^GET \/v1\/models 200 \d+ms$/);
    expect(lines[1]).toMatch(/^GET \/v1\/models 401 \d+ms$/);
  });
});

describe("bad requests", () => {
  it("answers OpenAI-style 400s that name the parameter", async () => {
    const served = await startServeRig([]);
    rig = served;
    const post = (body: string) =>
      served.call("/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const cases: Array<[string, string | null, RegExp]> = [
      ["{not json", null, /not valid JSON/],
      ["[]", null, /must be a JSON object/],
      [
        JSON.stringify({ messages: [{ role: "user", content: "x" }] }),
        "model",
        /model: expected the model id/,
      ],
      [JSON.stringify({ model: MODEL_NAME, messages: [] }), "messages", /non-empty list/],
      [
        JSON.stringify({ model: MODEL_NAME, messages: [{ role: "robot", content: "x" }] }),
        "messages[0].role",
        /expected "system"/,
      ],
      [
        JSON.stringify({
          model: MODEL_NAME,
          messages: [
            { role: "user", content: "x" },
            { role: "assistant", content: "y" },
          ],
        }),
        "messages[1].role",
        /last message must come from the user/,
      ],
      [
        JSON.stringify({ ...ask("x"), tools: [{ type: "function", function: { name: "f" } }] }),
        "tools",
        /agent's own tools/,
      ],
      [JSON.stringify({ ...ask("x"), n: 2 }), "n", /one answer per request/],
      [JSON.stringify({ ...ask("x"), temperature: 5 }), "temperature", /from 0 to 2/],
      [
        JSON.stringify({
          model: MODEL_NAME,
          messages: [
            {
              role: "user",
              content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }],
            },
          ],
        }),
        "messages[0].content[0].image_url.url",
        /does not fetch image URLs \(fetching an address a client sends .*\); send the image as a base64 data URL/,
      ],
    ];
    for (const [body, param, message] of cases) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      const error = ((await response.json()) as { error: Record<string, unknown> }).error;
      expect(error.type, body).toBe("invalid_request_error");
      expect(error.param, body).toBe(param);
      expect(String(error.message), body).toMatch(message);
    }
    expect(rig.modelServer.requests).toHaveLength(0);
  });

  it("answers any model id as the agent (named in the answer); 404 for another model's page and an unknown path, 405 for a wrong method", async () => {
    rig = await startServeRig([{ text: "any model is me" }]);
    const answer = await rig.client.chat.completions.create({ ...ask("x"), model: "gpt-4o" });
    expect(answer.model).toBe(MODEL_NAME);
    expect(answer.choices[0]?.message.content).toBe("any model is me");
    const other = await rig.client.models.retrieve("gpt-4o").catch((e: unknown) => e);
    expect(other).toBeInstanceOf(OpenAI.NotFoundError);
    expect((other as Error).message).toContain(`this server is the agent "${MODEL_NAME}"`);
    const unknown = await rig.call("/v1/embeddings", { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "unknown_url" } });
    const wrong = await rig.call("/v1/chat/completions");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("answers 413 for a body over the limit", async () => {
    rig = await startServeRig([], { maxBodyBytes: 1_000 });
    const response = await rig.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify(ask("x".repeat(2_000))),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { code: "request_too_large", message: expect.stringContaining("1000 bytes") },
    });
  });
});

describe("limits", () => {
  it("answers 429 with Retry-After when every slot is taken, and takes requests again after", async () => {
    rig = await startServeRig([{ text: "slow", hang: true }, { text: "fast" }], {
      maxConcurrency: 1,
      retryAfterSeconds: 3,
    });
    const first = new AbortController();
    const hanging = rig.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({ ...ask("one"), stream: true }),
      signal: first.signal,
    });
    const response = await hanging;
    const reader = response.body?.getReader();
    await reader?.read(); // the stream is running: its slot is taken
    const full = await rig.client.chat.completions.create(ask("two")).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(OpenAI.RateLimitError);
    expect((full as InstanceType<typeof OpenAI.RateLimitError>).headers.get("retry-after")).toBe(
      "3",
    );
    first.abort();
    await rig.modelServer.waitForRequestEnd(0);
    await expect.poll(() => rig?.server.inFlight, { timeout: 15_000 }).toBe(0);
    const after = await rig.client.chat.completions.create(ask("three"));
    expect(after.choices[0]?.message.content).toBe("fast");
  });
});

describe("approval", () => {
  it("refuses tools that need approval and tells the model why, unless allowed", async () => {
    rig = await startServeRig(
      [
        {
          toolCalls: [
            { id: "a", name: "mcp_fx_add", arguments: { a: 1, b: 2 } },
            { id: "b", name: "mcp_fx_echo", arguments: { text: "read-only" } },
            { id: "c", name: "mcp_fx_image", arguments: {} },
          ],
        },
        { text: "I could not add." },
      ],
      { approval: { mode: "ask", allow: ["mcp_fx_im*"], hint: "start it with --yes" } },
    );
    const completion = await rig.client.chat.completions.create(ask("add 1 and 2"));
    const events = (
      completion as unknown as { tinyloop: { events: Array<Record<string, unknown>> } }
    ).tinyloop.events.filter((e) => e.type === "tool_result");
    expect(events.map((e) => [e.name, e.outcome])).toEqual(
      expect.arrayContaining([
        ["mcp_fx_add", "denied"],
        ["mcp_fx_echo", "ok"],
        ["mcp_fx_image", "ok"],
      ]),
    );
    const second = rig.modelServer.requests[1]?.body as {
      messages: Array<{ role: string; tool_call_id?: string; content: string }>;
    };
    const refusal = second.messages.find((m) => m.role === "tool" && m.tool_call_id === "a");
    expect(refusal?.content).toMatch(
      /mcp_fx_add needs approval.*unattended HTTP server.*start it with --yes/,
    );
    const tools = (await (await rig.call("/tinyloop/v1/tools")).json()) as {
      tools: Array<{
        name: string;
        needs_approval: boolean;
        allowed: boolean;
        server: string | null;
      }>;
    };
    expect(tools.tools.find((t) => t.name === "mcp_fx_add")).toMatchObject({
      needs_approval: true,
      allowed: false,
      server: "fx",
    });
    expect(tools.tools.find((t) => t.name === "mcp_fx_echo")).toMatchObject({
      needs_approval: false,
      allowed: true,
    });
    expect(tools.tools.find((t) => t.name === "mcp_fx_image")).toMatchObject({
      needs_approval: true,
      allowed: true,
    });
  });
});

describe("health", () => {
  it("shows each MCP server's state", async () => {
    rig = await startServeRig([]);
    const health = await (await rig.call("/healthz")).json();
    expect(health).toMatchObject({
      status: "ok",
      model: MODEL_NAME,
      in_flight: 0,
      servers: [{ name: "fx", state: "ready", tools: expect.any(Number), last_error: null }],
    });
  });
});
