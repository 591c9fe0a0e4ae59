import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf, toolCallsOf } from "../__fixtures__/collect-events.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatMessage, ToolSpec } from "../types.js";
import { formatOf, TEXT_TOOL_CALL_FORMATS } from "./text-tool-call-formats.js";
import { type ToolFormatSwitch, withTextToolCalls } from "./with-text-tool-calls.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function serve(script: Script) {
  const server = await startScriptedModelServer({ script });
  servers.push(server);
  return server;
}

const listDirectory: ToolSpec = {
  name: "list_directory",
  description: "List the files of a folder.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};
const ask: ChatMessage[] = [
  { role: "system", content: "You are a helpful agent." },
  { role: "user", content: "What is in this folder?" },
];
type SentMessage = { role: string; content: string };
const sentBody = (server: ScriptedModelServer, index: number) =>
  server.requests[index]!.body as {
    messages: SentMessage[];
    tools?: unknown;
    tool_choice?: unknown;
  };

/** The second turn's history: the call the model made and its result. */
function afterCall(callArguments: string): ChatMessage[] {
  return [
    ...ask,
    {
      role: "assistant",
      content: "Let me look.",
      toolCalls: [{ id: "call_1", name: "list_directory", arguments: callArguments }],
    },
    { role: "tool", toolCallId: "call_1", content: [{ type: "text", text: "a.txt\nb.txt" }] },
  ];
}

describe("withTextToolCalls: a fixed format through the OpenAI-compatible adapter", () => {
  it("hermes: tools in the system prompt, no tools field; the streamed call parsed; results in <tool_response>", async () => {
    const server = await serve([
      {
        text: 'Let me look.\n<tool_call>\n{"name": "list_directory", "arguments": {"path": "."}}\n</tool_call>',
        chunkSize: 3,
      },
      { text: "There are two files." },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "qwen2.5:7b" }),
      {
        format: "hermes",
      },
    );
    const first = await collectEvents(
      model.stream({ messages: ask, tools: [listDirectory], toolChoice: "auto" }),
    );
    expect(first.error).toBeUndefined();
    expect(textOf(first.events)).toBe("Let me look.\n");
    expect(toolCallsOf(first.events)).toEqual([
      {
        type: "tool-call",
        id: expect.stringMatching(/^call_/),
        name: "list_directory",
        arguments: '{"path":"."}',
      },
    ]);
    expect(first.events.at(-1)).toEqual({
      type: "finish",
      reason: "tool-calls",
      model: "qwen2.5:7b",
    });

    const body = sentBody(server, 0);
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[0]!.content).toContain("You are a helpful agent.\n\n# Tools");
    expect(body.messages[0]!.content).toContain(
      `<tools>\n{"type":"function","function":{"name":"list_directory","description":"List the files of a folder.","parameters":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}}\n</tools>`,
    );
    expect(body.messages[0]!.content).toContain("within <tool_call></tool_call> XML tags");

    const second = await collectEvents(
      model.stream({ messages: afterCall('{"path":"."}'), tools: [listDirectory] }),
    );
    expect(textOf(second.events)).toBe("There are two files.");
    expect(sentBody(server, 1).messages.slice(2)).toEqual([
      {
        role: "assistant",
        content:
          'Let me look.\n\n<tool_call>\n{"name":"list_directory","arguments":{"path":"."}}\n</tool_call>',
      },
      { role: "user", content: "<tool_response>\na.txt\nb.txt\n</tool_response>" },
    ]);
  });

  it("mistral: results go back in [TOOL_RESULTS], a following user message joins that turn", async () => {
    const server = await serve([{ text: "Two files." }]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "mistral",
      },
    );
    await collectEvents(
      model.stream({
        messages: [...afterCall('{"path":"."}'), { role: "user", content: "And now?" }],
        tools: [listDirectory],
      }),
    );
    const messages = sentBody(server, 0).messages;
    expect(messages[0]!.content).toContain(
      '[AVAILABLE_TOOLS][{"type":"function","function":{"name":"list_directory"',
    );
    expect(messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: 'Let me look.\n\n[TOOL_CALLS]list_directory[ARGS]{"path":"."}',
      },
      { role: "user", content: "[TOOL_RESULTS]a.txt\nb.txt[/TOOL_RESULTS]\n\nAnd now?" },
    ]);
  });

  it("pythonic: calls parsed from a bare list; results as a ```tool_output block of a user turn; a system message is made", async () => {
    const server = await serve([
      { text: "[list_directory(path='.')]", chunkSize: 2 },
      { text: "ok" },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "gemma3" }),
      {
        format: "pythonic",
      },
    );
    const first = await collectEvents(
      model.stream({ messages: [{ role: "user", content: "list" }], tools: [listDirectory] }),
    );
    expect(textOf(first.events)).toBe("");
    expect(toolCallsOf(first.events).map((call) => [call.name, call.arguments])).toEqual([
      ["list_directory", '{"path":"."}'],
    ]);
    expect(sentBody(server, 0).messages[0]!.content).toContain(
      "[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]",
    );
    await collectEvents(
      model.stream({ messages: afterCall('{"path":"."}'), tools: [listDirectory] }),
    );
    expect(sentBody(server, 1).messages.slice(2)).toEqual([
      { role: "assistant", content: 'Let me look.\n\n[list_directory(path=".")]' },
      { role: "user", content: "```tool_output\na.txt\nb.txt\n```" },
    ]);
  });

  it("keeps reasoning apart as reasoning-delta events, and a call to a tool not offered is passed on by its name", async () => {
    const server = await serve([
      {
        text: '<think>The user wants files.</think><tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>',
        chunkSize: 5,
      },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "hermes",
      },
    );
    const { events } = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    const reasoning = events
      .map((event) => (event.type === "reasoning-delta" ? event.text : ""))
      .join("");
    expect(reasoning).toBe("The user wants files.");
    expect(textOf(events)).toBe("");
    expect(toolCallsOf(events).map((call) => call.name)).toEqual(["rm_rf"]);
  });

  it("sends unreadable arguments on as their text, so the registry answers INVALID_ARGUMENTS", async () => {
    const server = await serve([
      { text: '<tool_call>{"name": "list_directory", "arguments": {"path": </tool_call>' },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "hermes",
      },
    );
    const { events } = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    const [call] = toolCallsOf(events);
    expect(call?.name).toBe("list_directory");
    expect(() => JSON.parse(call!.arguments)).toThrow();
  });

  it("a caller that stops reading mid-answer closes the request; nothing is sent before the first read", async () => {
    const server = await serve([
      { text: "One two three four five six seven eight.", hang: true },
      { text: "Again." },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "hermes",
      },
    );
    const stream = model.stream({ messages: ask, tools: [listDirectory] });
    expect(server.requests).toHaveLength(0);
    for await (const event of stream) {
      expect(event).toEqual({ type: "text-delta", text: "One" });
      break;
    }
    expect((await server.waitForRequestEnd(0)).clientClosed).toBe(true);
    const again = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    expect(textOf(again.events)).toBe("Again.");
  });

  it("a stream cut inside a call hands over the text before it, then the error; the cut call is never run", async () => {
    const server = await serve([
      {
        chunks: [
          "Let me look.",
          "\n<tool_call>",
          '\n{"name": "list_directory", ',
          '"arguments": {"path": "."}}',
        ],
        cutAfter: 4,
      },
    ]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "hermes",
      },
    );
    const { events, error } = await collectEvents(
      model.stream({ messages: ask, tools: [listDirectory] }),
    );
    expect(textOf(events)).toBe("Let me look.\n");
    expect(toolCallsOf(events)).toEqual([]);
    expect(error?.code).toBe("INTERRUPTED");
  });

  it("an abort mid-answer hands out nothing more, not even text already read, and ends with ABORTED", async () => {
    // One network read brings "One two three": the abort comes after the first word is read.
    const server = await serve([{ chunks: ["One", " two", " three", " four"], pauseAfter: 4 }]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      { format: "hermes" },
    );
    const controller = new AbortController();
    const texts: string[] = [];
    let error: unknown;
    try {
      for await (const event of model.stream({
        messages: ask,
        tools: [listDirectory],
        signal: controller.signal,
      })) {
        if (event.type === "text-delta") texts.push(event.text);
        controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    server.release();
    expect(texts).toEqual(["One"]);
    expect((error as { code?: string }).code).toBe("ABORTED");
  });

  it("refuses an unknown format with the list of formats", () => {
    const model = createOpenAICompatible({ baseURL: "http://127.0.0.1:9/v1", model: "m" });
    expect(() => withTextToolCalls(model, { format: "chatml" as "hermes" })).toThrow(
      /expected one of hermes, qwen3-coder, llama3, .*, generic, got "chatml"/,
    );
  });
});

describe("withTextToolCalls: every format over the real wire", () => {
  const writeFile: ToolSpec = {
    name: "write_file",
    description: "Write a file.",
    inputSchema: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" } },
    },
  };
  const calls = [
    { id: "a", name: "list_directory", arguments: { path: "." } },
    { id: "b", name: "write_file", arguments: { path: "n.md", content: "line 1\nline 2" } },
  ];
  for (const name of TEXT_TOOL_CALL_FORMATS) {
    it(`${name}: the model's own call syntax, streamed in 3-character chunks, becomes tool-call events`, async () => {
      const format = formatOf(name);
      const written = format.renderCalls(calls).replace(/^>>>/, "");
      const server = await serve([{ text: written, chunkSize: 3 }]);
      const model = withTextToolCalls(
        createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
        {
          format: name,
        },
      );
      const { events, error } = await collectEvents(
        model.stream({ messages: ask, tools: [listDirectory, writeFile] }),
      );
      expect(error).toBeUndefined();
      expect(textOf(events).trim()).toBe("");
      expect(toolCallsOf(events).map((call) => [call.name, JSON.parse(call.arguments)])).toEqual(
        calls.map((call) => [call.name, call.arguments]),
      );
      const body = sentBody(server, 0);
      expect(body).not.toHaveProperty("tools");
      expect(body.messages[0]!.content).toContain(format.renderTools([listDirectory, writeFile]));
    });
  }
});

describe("withTextToolCalls: auto", () => {
  it("falls back when the server refuses tools (400 does not support tools), picks the format by model name, says so once", async () => {
    const server = await serve({
      turns: [{ text: "[list_directory(path='.')]" }, { text: "Two files." }],
      refuseTools: {},
    });
    const switches: ToolFormatSwitch[] = [];
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "gemma3:4b" }),
      {
        format: "auto",
        onSwitch: (change) => switches.push(change),
      },
    );
    const first = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    expect(first.error).toBeUndefined();
    expect(toolCallsOf(first.events).map((call) => [call.name, call.arguments])).toEqual([
      ["list_directory", '{"path":"."}'],
    ]);
    expect(server.requests.map((request) => request.status)).toEqual([400, 200]);
    expect(sentBody(server, 0).tools).toBeDefined();
    expect(sentBody(server, 1).tools).toBeUndefined();
    expect(switches).toEqual([
      {
        format: "pythonic",
        reason: "tools-refused",
        detail: expect.stringContaining(
          "registry.ollama.ai/library/gemma3:4b does not support tools",
        ),
      },
    ]);

    await collectEvents(
      model.stream({ messages: afterCall('{"path":"."}'), tools: [listDirectory] }),
    );
    expect(server.requests).toHaveLength(3);
    expect(sentBody(server, 2).tools).toBeUndefined();
    expect(switches).toHaveLength(1);
  });

  it("switches when a native answer carries a call marker and no native call, parsing that same answer", async () => {
    const server = await serve([
      {
        text: 'Sure.\n<tool_call>\n{"name": "list_directory", "arguments": {"path": "."}}\n</tool_call>',
        chunkSize: 4,
      },
      { text: "Two files." },
    ]);
    const switches: ToolFormatSwitch[] = [];
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "my-finetune" }),
      {
        format: "auto",
        onSwitch: (change) => switches.push(change),
      },
    );
    const { events } = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    expect(textOf(events)).toBe("Sure.\n");
    expect(toolCallsOf(events).map((call) => [call.name, call.arguments])).toEqual([
      ["list_directory", '{"path":"."}'],
    ]);
    expect(events.at(-1)).toEqual({ type: "finish", reason: "tool-calls", model: "my-finetune" });
    expect(sentBody(server, 0).tools).toBeDefined();
    expect(switches).toEqual([
      { format: "hermes", reason: "text-call-seen", detail: "<tool_call>" },
    ]);

    await collectEvents(
      model.stream({ messages: afterCall('{"path":"."}'), tools: [listDirectory] }),
    );
    expect(sentBody(server, 1).tools).toBeUndefined();
    expect(sentBody(server, 1).messages.at(-1)).toEqual({
      role: "user",
      content: "<tool_response>\na.txt\nb.txt\n</tool_response>",
    });
  });

  it("stays native while the model calls tools natively", async () => {
    const server = await serve([
      { toolCalls: [{ id: "call_a", name: "list_directory", arguments: { path: "." } }] },
      { text: "Two files." },
    ]);
    const switches: ToolFormatSwitch[] = [];
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "qwen2.5" }),
      {
        format: "auto",
        onSwitch: (change) => switches.push(change),
      },
    );
    const first = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    expect(toolCallsOf(first.events)).toEqual([
      { type: "tool-call", id: "call_a", name: "list_directory", arguments: '{"path":"."}' },
    ]);
    await collectEvents(
      model.stream({ messages: afterCall('{"path":"."}'), tools: [listDirectory] }),
    );
    expect(sentBody(server, 1).tools).toBeDefined();
    expect(sentBody(server, 1).messages.some((message) => message.role === "tool")).toBe(true);
    expect(switches).toEqual([]);
  });

  it("passes a 400 that is not about tools through unchanged", async () => {
    const server = await serve([{ status: 400, message: "context length exceeded" }]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      {
        format: "auto",
      },
    );
    const { error } = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toContain("context length exceeded");
    expect(server.requests).toHaveLength(1);
  });
});

describe("withTextToolCalls: reasoning of a wrapped model", () => {
  it("Claude in a text format with thinking on: the turn's signed thinking goes back first in the turn with the written call", async () => {
    const server = await serve({
      anthropicThinking: "strict",
      turns: [
        {
          reasoning: "List it.",
          text: '<tool_call>{"name":"list_directory","arguments":{"path":"."}}</tool_call>',
        },
        { text: "Two files." },
      ],
    });
    const model = withTextToolCalls(
      createAnthropic({
        baseURL: server.url,
        model: "claude",
        apiKey: "sk-ant-x",
        reasoning: { budgetTokens: 1024 },
      }),
      { format: "hermes" },
    );
    const first = await collectEvents(model.stream({ messages: ask, tools: [listDirectory] }));
    const part = first.events.find((event) => event.type === "reasoning");
    expect(part?.type === "reasoning" && part.part.type).toBe("thinking");
    const [call] = toolCallsOf(first.events);
    const second = await collectEvents(
      model.stream({
        messages: [
          ...ask,
          {
            role: "assistant",
            content: "",
            toolCalls: [{ id: call!.id, name: call!.name, arguments: call!.arguments }],
            reasoning: part?.type === "reasoning" ? [part.part] : [],
          },
          { role: "tool", toolCallId: call!.id, content: [{ type: "text", text: "a b" }] },
        ],
        tools: [listDirectory],
      }),
    );
    expect(second.error).toBeUndefined();
    expect(textOf(second.events)).toBe("Two files.");
    const sent = server.requests[1]?.body as {
      messages: Array<{ role: string; content: Array<{ type: string; thinking?: string }> }>;
    };
    const assistant = sent.messages.find((message) => message.role === "assistant");
    expect(assistant?.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(assistant?.content[0]?.thinking).toBe("List it.");
  });
});
