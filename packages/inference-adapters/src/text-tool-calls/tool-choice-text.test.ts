import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collectEvents, textOf, toolCallsOf } from "../__fixtures__/collect-events.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import type { ChatMessage, ToolChoice, ToolSpec } from "../types.js";
import { withTextToolCalls } from "./with-text-tool-calls.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const listDirectory: ToolSpec = {
  name: "list_directory",
  description: "List the files of a folder.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};
const readFile: ToolSpec = {
  name: "read_file",
  description: "Read a file.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};
const ask: ChatMessage[] = [
  { role: "system", content: "You are a helpful agent." },
  { role: "user", content: "What is in this folder?" },
];
const hermesCall = (name: string) =>
  `<tool_call>\n{"name": "${name}", "arguments": {"path": "."}}\n</tool_call>`;
type Sent = { messages: { role: string; content: string }[] };

async function run(script: Script, toolChoice: ToolChoice, tools = [listDirectory, readFile]) {
  const server = await startScriptedModelServer({ script });
  servers.push(server);
  const model = withTextToolCalls(
    createOpenAICompatible({ baseURL: server.baseURL, model: "qwen2.5:7b" }),
    { format: "hermes" },
  );
  const result = await collectEvents(model.stream({ messages: ask, tools, toolChoice }));
  const sent = server.requests.map((request) => request.body as Sent);
  return { ...result, sent };
}

describe("withTextToolCalls: toolChoice required / a named tool on a text format", () => {
  it("required: the prompt says a call is needed; an answer without one is retried once with a correction, and only the retry is seen", async () => {
    const { events, error, sent } = await run(
      [
        {
          text: "The folder probably holds a few files.",
          usage: { inputTokens: 50, outputTokens: 9 },
        },
        { text: hermesCall("list_directory"), usage: { inputTokens: 70, outputTokens: 20 } },
      ],
      "required",
    );
    expect(error).toBeUndefined();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.messages[0]!.content).toContain(
      "You must call at least one of these tools in this answer",
    );
    expect(sent[1]!.messages.slice(-2)).toEqual([
      { role: "assistant", content: "The folder probably holds a few files." },
      {
        role: "user",
        content: expect.stringContaining(
          'Call one of the tools ("list_directory", "read_file") now',
        ),
      },
    ]);
    expect(textOf(events)).toBe("");
    expect(toolCallsOf(events).map((call) => call.name)).toEqual(["list_directory"]);
    expect(events.filter((event) => event.type === "usage")).toEqual([
      { type: "usage", inputTokens: 120, outputTokens: 29 },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "finish", reason: "tool-calls" });
  });

  it("required: an answer with a call is not retried", async () => {
    const { events, sent } = await run(
      [{ text: `Let me look.\n${hermesCall("read_file")}` }, { text: "unused" }],
      "required",
    );
    expect(sent).toHaveLength(1);
    expect(textOf(events)).toBe("Let me look.\n");
    expect(toolCallsOf(events).map((call) => call.name)).toEqual(["read_file"]);
  });

  it("required: the retry is bounded — a second answer without a call is the answer", async () => {
    const { events, sent } = await run(
      [{ text: "No." }, { text: "Still no." }, { text: "unused" }],
      "required",
    );
    expect(sent).toHaveLength(2);
    expect(textOf(events)).toBe("Still no.");
    expect(toolCallsOf(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
  });

  it("a named tool: only that tool is in the prompt, named in the instruction and the correction", async () => {
    const { events, sent } = await run(
      [{ text: "Here you go." }, { text: hermesCall("read_file") }],
      { name: "read_file" },
    );
    const system = sent[0]!.messages[0]!.content;
    expect(system).toContain('You must call the tool "read_file" in this answer');
    expect(system).toContain('"name":"read_file"');
    expect(system).not.toContain("list_directory");
    expect(sent[1]!.messages.at(-1)!.content).toContain('Call "read_file" now');
    expect(toolCallsOf(events).map((call) => call.name)).toEqual(["read_file"]);
  });

  it("a named tool that is not offered is a clear error naming the tools", async () => {
    const { error, sent } = await run([{ text: "unused" }], { name: "write_file" });
    expect(sent).toHaveLength(0);
    expect(error?.message).toBe(
      'toolChoice: expected the name of an offered tool ("list_directory", "read_file"), got "write_file" (example: { name: "list_directory" }, or "required")',
    );
  });

  it("auto: no instruction and no retry", async () => {
    const { events, sent } = await run([{ text: "Two files." }, { text: "unused" }], "auto");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messages[0]!.content).not.toContain("You must call");
    expect(textOf(events)).toBe("Two files.");
  });
});
