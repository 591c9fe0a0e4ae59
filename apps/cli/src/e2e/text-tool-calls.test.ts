import { writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DURATION, runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";

let ws: Workspace;
let model: ScriptedModelServer | undefined;
beforeEach(() => {
  ws = workspace();
});
afterEach(async () => {
  await model?.close();
  model = undefined;
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** `.mcp.json` with the fixture server `fx` (its `echo` tool registers as `mcp_fx_echo`), plus `extra` top-level keys. */
function agentFile(extra: Record<string, unknown> = {}) {
  ws.write({ ".mcp.json": json({ ...extra, mcpServers: { fx: ws.fixture() } }) });
}

async function serve(script: Script) {
  model = await startScriptedModelServer({ script });
  return model;
}

const runArgs = (server: ScriptedModelServer, modelId: string, ...more: string[]) => [
  "run",
  ".mcp.json",
  "-p",
  "echo something",
  "--provider",
  "ollama",
  "--endpoint-url",
  server.baseURL,
  "--model",
  modelId,
  ...more,
];

const sentTools = (server: ScriptedModelServer) =>
  server.requests.map((request) => (request.body as { tools?: unknown[] }).tools !== undefined);

describe("tool calls written as text, through the real CLI and a real MCP server", () => {
  it("--provider local --tool-format hermes: the llama.cpp model's <tool_call> text runs the tool, the run completes", async () => {
    const call =
      '<tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "from llama"}}\n</tool_call>';
    // A tiny real GGUF: the call as text, then "Echoed." once a tool response is in the prompt.
    await writeTinyLlamaGguf(ws.path("tiny.gguf"), {
      start: call,
      pieces: [call, "Echoed"],
      contextLength: 8192,
      rules: [
        { after: "\n", emit: call },
        { after: "\n", emit: "Echoed", onceSeen: "</tool_response>" },
        { after: call, emit: "<|im_end|>" },
        { after: "Echoed", emit: "." },
        { after: ".", emit: "<|im_end|>" },
      ],
    });
    agentFile();
    const r = await runCli(
      [
        "run",
        ".mcp.json",
        "-p",
        "echo something",
        "--provider",
        "local",
        "--model",
        "tiny.gguf",
        "--tool-format",
        "hermes",
      ],
      { cwd: ws.dir, timeout: 120_000 },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · from llama`));
    expect(r.stderr).not.toContain("<tool_call>");
    expect(r.stdout).toBe("Echoed.");
  }, 150_000);

  it("--tool-format hermes: no tools sent, the model's <tool_call> text runs the tool, the run completes", async () => {
    const server = await serve([
      {
        text: 'I will echo it.\n<tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "from text"}}\n</tool_call>',
      },
      { text: "Echoed." },
    ]);
    agentFile();
    const r = await runCli(runArgs(server, "my-model", "--tool-format", "hermes"), { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · from text`));
    expect(r.stderr).not.toContain("<tool_call>");
    expect(r.stdout).toContain("Echoed.");
    expect(sentTools(server)).toEqual([false, false]);
    const messages = (server.requests[1]!.body as { messages: { role: string; content: string }[] })
      .messages;
    expect(messages.at(-1)).toEqual({
      role: "user",
      content: "<tool_response>\nfrom text\n</tool_response>",
    });
  });

  // Each family's own call syntax, as its model writes it to the scripted server (which ignores tools).
  it.each([
    ["mistral", '[TOOL_CALLS]mcp_fx_echo[ARGS]{"text": "by mistral"}', "by mistral"],
    ["llama3", '{"name": "mcp_fx_echo", "parameters": {"text": "by llama"}}', "by llama"],
    [
      "qwen3-coder",
      "<tool_call>\n<function=mcp_fx_echo>\n<parameter=text>\nby qwen\n</parameter>\n</function>\n</tool_call>",
      "by qwen",
    ],
    [
      "deepseek",
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>mcp_fx_echo<｜tool▁sep｜>{"text": "by deepseek"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      "by deepseek",
    ],
    [
      "gpt-oss",
      '<|channel|>analysis<|message|>Echo it.<|end|><|start|>assistant<|channel|>commentary to=functions.mcp_fx_echo <|constrain|>json<|message|>{"text": "by gpt-oss"}<|call|>',
      "by gpt-oss",
    ],
    [
      "kimi-k2",
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.mcp_fx_echo:0<|tool_call_argument_begin|>{"text": "by kimi"}<|tool_call_end|><|tool_calls_section_end|>',
      "by kimi",
    ],
    ["gemma4", '<|tool_call>call:mcp_fx_echo{text:<|"|>by gemma<|"|>}<tool_call|>', "by gemma"],
    [
      "functiongemma",
      "<start_function_call>call:mcp_fx_echo{text:<escape>by functiongemma<escape>}<end_function_call>",
      "by functiongemma",
    ],
    [
      "command-r7b",
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "mcp_fx_echo", "parameters": {"text": "by command-r"}}]<|END_ACTION|>',
      "by command-r",
    ],
    [
      "granite",
      '<|tool_call|>[{"name": "mcp_fx_echo", "arguments": {"text": "by granite"}}]',
      "by granite",
    ],
    ["phi-4-mini", 'functools[{"name": "mcp_fx_echo", "arguments": {"text": "by phi"}}]', "by phi"],
    [
      "functionary-v3.1",
      '<function=mcp_fx_echo>{"text": "by functionary 3.1"}</function>',
      "by functionary 3.1",
    ],
    // Functionary v3.2's prompt ends with ">>>": the answer starts at the recipient, and its
    // text to the user is the "all" recipient's.
    [
      "functionary-v3.2",
      'mcp_fx_echo\n{"text": "by functionary 3.2"}',
      "by functionary 3.2",
      "all\nDone.",
    ],
    [
      "firefunction-v2",
      ' functools[{"name": "mcp_fx_echo", "arguments": {"text": "by firefunction"}}]',
      "by firefunction",
    ],
    [
      "generic",
      '{"tool_call": {"name": "mcp_fx_echo", "arguments": {"text": "by generic"}}}',
      "by generic",
    ],
  ])(
    "--tool-format %s: the model's own call syntax runs the tool",
    async (format, answer, echoed, final = "Done.") => {
      const server = await serve([{ text: answer, chunkSize: 5 }, { text: final }]);
      agentFile();
      const r = await runCli(runArgs(server, "some-model", "--tool-format", format), {
        cwd: ws.dir,
      });
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · ${echoed}`));
      expect(r.stdout).toContain("Done.");
      expect(sentTools(server)).toEqual([false, false]);
    },
  );

  it('"toolCallFormat": "pythonic" in the agent file: a Gemma-style call list runs the tool', async () => {
    const server = await serve([{ text: "[mcp_fx_echo(text='listed')]" }, { text: "Done." }]);
    agentFile({ toolCallFormat: "pythonic" });
    const r = await runCli(runArgs(server, "gemma3"), { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · listed`));
    expect(r.stdout).toContain("Done.");
    expect(sentTools(server)).toEqual([false, false]);
  });

  it("auto (the default): a server answering 400 'does not support tools' falls back, says so with --verbose, completes", async () => {
    const server = await serve({
      turns: [{ text: "[mcp_fx_echo(text='fallback')]" }, { text: "Fell back." }],
      refuseTools: {},
    });
    agentFile();
    const r = await runCli(runArgs(server, "gemma3:4b", "--verbose"), { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      "tool calls: the model's server refused native tools; from now on they are written in the pythonic text format",
    );
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · fallback`));
    expect(r.stdout).toContain("Fell back.");
    expect(sentTools(server)).toEqual([true, false, false]);
    expect(server.requests.map((request) => request.status)).toEqual([400, 200, 200]);
  });

  it("auto with --json: the switch is one tool-format event, and a model writing calls as text despite tools is read", async () => {
    const server = await serve([
      { text: '<tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "seen"}}\n</tool_call>' },
      { text: "Read it." },
    ]);
    agentFile();
    const r = await runCli(runArgs(server, "my-finetune", "--json"), { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.filter((event) => event.type === "tool-format")).toEqual([
      { type: "tool-format", format: "hermes", reason: "text-call-seen", detail: "<tool_call>" },
    ]);
    expect(events.find((event) => event.type === "tool-result")).toMatchObject({
      call: { name: "mcp_fx_echo" },
    });
    expect(events.at(-1)).toMatchObject({ type: "done", reason: "completed", text: "Read it." });
    expect(sentTools(server)).toEqual([true, false]);
  });

  it("--tool-format native against a server that refuses tools: a clear error naming the flag", async () => {
    const server = await serve({ turns: [{ text: "never" }], refuseTools: {} });
    agentFile();
    const r = await runCli(runArgs(server, "gemma3", "--tool-format", "native"), { cwd: ws.dir });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("does not support tools");
    expect(r.stderr).toContain(
      "(the model's server does not take native tools: set --tool-format to auto, or to a text format such as hermes or pythonic)",
    );
    expect(sentTools(server)).toEqual([true]);
  });

  it("an unknown --tool-format is a usage error listing the formats", async () => {
    agentFile();
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--tool-format", "chatml"], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      '--tool-format: expected one of auto, native, hermes, qwen3-coder, llama3, pythonic, mistral, deepseek, gpt-oss, gemma4, functiongemma, kimi-k2, command-r7b, granite, phi-4-mini, functionary-v3.1, functionary-v3.2, firefunction-v2, generic, got "chatml" (example: --tool-format hermes)',
    );
  });
});
