import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chooseProvider, type ToolCallFormatSetting } from "@tinyloop/agent-files";
import { Agent, consumeRun } from "@tinyloop/agent-loop";
import type { ChatModel, ToolSpec } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { type TinyLlamaOptions, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createModel } from "./create-model.js";

/**
 * A tiny real GGUF model that writes one tool call as plain text (`call`, one token), and
 * once the result's framing token `resultSeen` is in the conversation answers "Sunny in Paris."
 */
function textCallScript(call: string, resultSeen: string, pieces: string[] = []): TinyLlamaOptions {
  return {
    name: "tinyloop tiny llama (text tool call)",
    start: call,
    pieces: [call, "Sunny", "\u2581in\u2581Paris", ...pieces],
    rules: [
      { after: "\n", emit: call },
      { after: "\n", emit: "Sunny", onceSeen: resultSeen },
      { after: call, emit: "<|im_end|>" },
      { after: "Sunny", emit: "\u2581in\u2581Paris" },
      { after: "\u2581in\u2581Paris", emit: "." },
      { after: ".", emit: "<|im_end|>" },
    ],
  };
}

let dir: string;
const models: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-local-text-calls-"));
  models.hermes = join(dir, "hermes.gguf");
  models.pythonic = join(dir, "pythonic.gguf");
  models.qwenHermes = join(dir, "qwen-hermes.gguf");
  models.toolsSeen = join(dir, "tools-seen.gguf");
  const hermes = textCallScript(
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    "</tool_response>",
  );
  await writeTinyLlamaGguf(models.hermes, hermes);
  // qwen2: node-llama-cpp renders it with its QwenChatWrapper, the default local model's path.
  await writeTinyLlamaGguf(models.qwenHermes, { ...hermes, architecture: "qwen2" });
  await writeTinyLlamaGguf(
    models.pythonic,
    textCallScript('[get_weather(city="Paris")]', "tool_output", ["tool_output"]),
  );
  // Says whether the hermes tools section (its `</tools>` tag) reached the prompt.
  await writeTinyLlamaGguf(models.toolsSeen, {
    start: "No\u2581tools",
    rules: [
      { after: "\n", emit: "No\u2581tools" },
      { after: "\n", emit: "Tools\u2581seen", onceSeen: "</tools>" },
      { after: "No\u2581tools", emit: "<|im_end|>" },
      { after: "Tools\u2581seen", emit: "<|im_end|>" },
    ],
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runAgent(format: ToolCallFormatSetting, file: string) {
  const choice = { provider: "local", model: file };
  const model: ChatModel = await createModel(
    chooseProvider(choice, {}),
    choice,
    {},
    { toolCallFormat: format },
  );
  const registry = new ToolRegistry();
  const cities: unknown[] = [];
  registry.register(
    {
      name: "get_weather",
      toolset: "weather",
      description: "Weather in a city",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
    (args) => {
      cities.push(args);
      return "sunny, 21 C";
    },
  );
  const agent = new Agent({ model, registry, systemPrompt: "Be brief.", exitTools: false });
  try {
    const outcome = await consumeRun(agent.run("Weather in Paris?"));
    return { outcome, cities };
  } finally {
    await model.close?.();
  }
}

describe("createModel: a local llama.cpp model with a text tool-call format", () => {
  it("hermes writes the offered tools into the system prompt the chat wrapper renders", async () => {
    const choice = { provider: "local", model: models.toolsSeen! };
    const model = await createModel(
      chooseProvider(choice, {}),
      choice,
      {},
      { toolCallFormat: "hermes" },
    );
    const answer = async (tools: ToolSpec[]) => {
      let text = "";
      const messages = [{ role: "user" as const, content: "Hi" }];
      for await (const event of model.stream({ messages, tools }))
        if (event.type === "text-delta") text += event.text;
      return text;
    };
    try {
      const ls = { name: "ls", description: "List files.", inputSchema: { type: "object" } };
      expect(await answer([ls])).toBe("Tools seen");
      expect(await answer([])).toBe("No tools");
    } finally {
      await model.close?.();
    }
  });

  it("hermes: the tools go into the prompt, the <tool_call> text runs the registry tool, and the run ends with the answer", async () => {
    const { outcome, cities } = await runAgent("hermes", models.hermes!);
    expect(cities).toEqual([{ city: "Paris" }]);
    expect(outcome.streamedText).toBe("Sunny in Paris.");
    expect(outcome.done).toMatchObject({ reason: "completed", text: "Sunny in Paris." });
  });

  it("hermes through node-llama-cpp's Qwen chat wrapper (a qwen2 model) runs the tool the same way", async () => {
    const { outcome, cities } = await runAgent("hermes", models.qwenHermes!);
    expect(cities).toEqual([{ city: "Paris" }]);
    expect(outcome.done).toMatchObject({ reason: "completed", text: "Sunny in Paris." });
  });

  it('pythonic: [get_weather(city="Paris")] runs the tool, and the result framing reaches the model', async () => {
    const { outcome, cities } = await runAgent("pythonic", models.pythonic!);
    expect(cities).toEqual([{ city: "Paris" }]);
    expect(outcome.streamedText).toBe("Sunny in Paris.");
  });
});
