import { chooseProvider } from "@tinyloop/agent-files";
import type { ToolFormatSwitch } from "@tinyloop/inference-adapters/text-tool-calls";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { AgentSessionError } from "./agent-session-error.js";
import { createModel } from "./create-model.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createModel", () => {
  it("builds an OpenAI-compatible model at the endpoint, with the key from the plan's variable", async () => {
    server = await startScriptedModelServer({ script: [{ text: "hello" }] });
    const choice = { provider: "openai", model: "m1", endpointUrl: server.baseURL, apiKeyEnv: "K" };
    const model = await createModel(chooseProvider(choice, {}), choice, { K: "secret-key" });
    let text = "";
    for await (const event of model.stream({ messages: [{ role: "user", content: "hi" }] }))
      if (event.type === "text-delta") text += event.text;
    expect(text).toBe("hello");
    expect(model.modelId).toBe("m1");
    expect(server.requests[0]?.headers.authorization).toBe("Bearer secret-key");
  });

  it("says how to give a missing model, as an AgentSessionError: the file's key, or the caller's settings", async () => {
    const choice = { provider: "anthropic" };
    const error = await createModel(chooseProvider(choice, {}), choice, {}).catch((e) => e);
    expect(AgentSessionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "MODEL_REQUIRED" });
    expect(error.message).toBe(
      `no model given for provider "anthropic"; set "model" in the agent file (example: "provider": "openai", "model": "gpt-4o-mini")`,
    );
    const settingNames = {
      model: "--model",
      provider: "--provider",
      endpointUrl: "--endpoint-url",
    };
    const named = await createModel(chooseProvider(choice, {}), choice, {}, { settingNames }).catch(
      (e) => e,
    );
    expect(named.message).toContain('pass --model NAME or set "model" in the agent file');
  });

  it("says how to give a missing endpoint: the file's key, or the caller's setting", async () => {
    const choice = { provider: "my-server", model: "m" };
    // A provider named without an endpoint, as a program may build the plan itself.
    const plan = { kind: "openai-compatible" as const, provider: "my-server", model: "m" };
    const error = await createModel(plan, choice, {}).catch((e) => e);
    expect(error).toMatchObject({ code: "ENDPOINT_REQUIRED" });
    expect(error.message).toBe(
      `provider "my-server" needs an endpoint URL ("endpointUrl" in the agent file)`,
    );
    const settingNames = {
      model: "--model",
      provider: "--provider",
      endpointUrl: "--endpoint-url",
    };
    const named = await createModel(plan, choice, {}, { settingNames }).catch((e) => e);
    expect(named.message).toBe(`provider "my-server" needs --endpoint-url URL`);
  });
});

describe("createModel: toolCallFormat", () => {
  const tools = [
    { name: "ls", description: "List files.", inputSchema: { type: "object", properties: {} } },
  ];
  const request = { messages: [{ role: "user" as const, content: "list" }], tools };
  const hermesCall = '<tool_call>\n{"name": "ls", "arguments": {}}\n</tool_call>';

  async function events(model: Awaited<ReturnType<typeof createModel>>) {
    const seen: string[] = [];
    try {
      for await (const event of model.stream(request)) {
        if (event.type === "tool-call") seen.push(`call ${event.name} ${event.arguments}`);
        if (event.type === "text-delta") seen.push(`text ${event.text}`);
      }
    } catch (error) {
      seen.push(`error ${(error as Error).message}`);
    }
    return seen;
  }

  it("auto (the default) falls back to the format the model's name suggests when the server refuses tools, and says so", async () => {
    server = await startScriptedModelServer({
      script: { turns: [{ text: hermesCall }], refuseTools: {} },
    });
    const choice = { provider: "ollama", model: "qwen2.5:7b", endpointUrl: server.baseURL };
    const switches: ToolFormatSwitch[] = [];
    const model = await createModel(
      chooseProvider(choice, {}),
      choice,
      {},
      {
        onToolFormatSwitch: (change) => switches.push(change),
      },
    );
    expect(await events(model)).toEqual(["call ls {}"]);
    expect(switches).toMatchObject([{ format: "hermes", reason: "tools-refused" }]);
  });

  it("native leaves the model alone: the refusal is the run's error", async () => {
    server = await startScriptedModelServer({
      script: { turns: [{ text: "x" }], refuseTools: {} },
    });
    const choice = { provider: "ollama", model: "gemma3", endpointUrl: server.baseURL };
    const model = await createModel(
      chooseProvider(choice, {}),
      choice,
      {},
      { toolCallFormat: "native" },
    );
    const seen = await events(model);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain("does not support tools");
  });

  it("a text format sends no tools and reads the calls from the text", async () => {
    server = await startScriptedModelServer({ script: [{ text: hermesCall }] });
    const choice = { provider: "openai", model: "my-model", endpointUrl: server.baseURL };
    const model = await createModel(
      chooseProvider(choice, {}),
      choice,
      {},
      { toolCallFormat: "hermes" },
    );
    expect(await events(model)).toEqual(["call ls {}"]);
    const body = server.requests[0]!.body as { tools?: unknown; messages: { content: string }[] };
    expect(body).not.toHaveProperty("tools");
    expect(body.messages[0]!.content).toContain("<tools>");
  });
});

describe("createModel: reasoning", () => {
  const hi = { messages: [{ role: "user" as const, content: "hi" }] };
  const drain = async (model: Awaited<ReturnType<typeof createModel>>) => {
    for await (const _ of model.stream(hi));
  };

  it("passes the setting to the adapter, which maps it for its provider", async () => {
    server = await startScriptedModelServer({ script: { turns: [{ text: "ok" }], cycle: true } });
    const openai = { provider: "openai", model: "o4-mini", endpointUrl: server.baseURL };
    await drain(
      await createModel(
        chooseProvider(openai, {}),
        openai,
        { OPENAI_API_KEY: "k" },
        {
          reasoning: { effort: "low" },
        },
      ),
    );
    expect(server.requests[0]?.body).toMatchObject({ reasoning_effort: "low" });
    const claude = { provider: "anthropic", model: "claude", endpointUrl: server.url };
    await drain(
      await createModel(
        chooseProvider(claude, {}),
        claude,
        { ANTHROPIC_API_KEY: "k" },
        {
          reasoning: { budgetTokens: 3000 },
        },
      ),
    );
    expect(server.requests[1]?.body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 3000 },
    });
  });

  it("a setting the provider cannot take reaches onWarning, and the run goes on", async () => {
    server = await startScriptedModelServer({ script: [{ text: "ok" }] });
    const choice = { provider: "ollama", model: "qwen3:8b", endpointUrl: server.baseURL };
    const warnings: string[] = [];
    await drain(
      await createModel(
        chooseProvider(choice, {}),
        choice,
        {},
        {
          reasoning: { budgetTokens: 1000 },
          onWarning: (message) => warnings.push(message),
        },
      ),
    );
    expect(warnings).toEqual([
      "ollama: a reasoning budget in tokens (1000) is not supported here; it takes an effort (low, medium or high). No reasoning setting is sent.",
    ]);
    expect(server.requests[0]?.status).toBe(200);
  });
});
