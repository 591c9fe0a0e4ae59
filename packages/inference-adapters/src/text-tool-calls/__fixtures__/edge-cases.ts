import type { ToolSpec } from "../../types.js";
import type { ParsedToolCallText } from "../parse-tool-call-text.js";
import type { TextToolCallFormat } from "../text-tool-call-formats.js";

const tool = (name: string): ToolSpec => ({
  name,
  description: name,
  inputSchema: { type: "object", properties: {} },
});

/** The edge cases the README decides, each with what it must parse to. */
export const edgeCases: {
  format: TextToolCallFormat;
  source: string;
  text: string;
  tools?: ToolSpec[];
  expected: ParsedToolCallText;
}[] = [
  {
    format: "hermes",
    source: "text around a call is kept (both sides)",
    text: 'I will read it.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n</tool_call>\nThen I will answer.',
    expected: {
      content: "I will read it.\n\nThen I will answer.",
      toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }],
    },
  },
  {
    format: "hermes",
    source: "two calls back to back, no whitespace between",
    text: '<tool_call>{"name": "a", "arguments": {}}</tool_call><tool_call>{"name": "b", "arguments": {"x": 1}}</tool_call>',
    expected: {
      content: null,
      toolCalls: [
        { name: "a", arguments: {} },
        { name: "b", arguments: { x: 1 } },
      ],
    },
  },
  {
    format: "hermes",
    source: "real Hermes output with a single-quoted Python dict is accepted (vLLM issue reports)",
    text: "<tool_call>\n{'name': 'get_weather', 'arguments': {'city': 'Paris', 'metric': True, 'days': None}}\n</tool_call>",
    expected: {
      content: null,
      toolCalls: [{ name: "get_weather", arguments: { city: "Paris", metric: true, days: null } }],
    },
  },
  {
    format: "hermes",
    source: "hopeless arguments become a call with an INVALID_ARGUMENTS error the model can read",
    text: '<tool_call>\n{"name": "write_file", "arguments": {path: notes.txt, "content": }}\n</tool_call>',
    expected: {
      content: null,
      toolCalls: [
        {
          name: "write_file",
          arguments: '{"name": "write_file", "arguments": {path: notes.txt, "content": }}',
          error: {
            code: "INVALID_ARGUMENTS",
            message:
              'The arguments of your call to "write_file" could not be read: expected a value (a string, number, object, list, true/false or null) at character 43, got "notes.txt, \\"". You wrote: {"name": "write_file", "arguments": {path: notes.txt, "content": }}. Call the tool again with its arguments as one JSON object, for example {"path": "notes.txt"}.',
          },
        },
      ],
    },
  },
  {
    format: "hermes",
    source: "a call to a tool that was not offered is an UNKNOWN_TOOL error, not a call",
    text: '<tool_call>\n{"name": "delete_everything", "arguments": {}}\n</tool_call>',
    tools: [tool("read_file"), tool("list_directory")],
    expected: {
      content: null,
      toolCalls: [
        {
          name: "delete_everything",
          arguments: {},
          error: {
            code: "UNKNOWN_TOOL",
            message:
              'There is no tool "delete_everything" here; the tools you can call are: read_file, list_directory.',
          },
        },
      ],
    },
  },
  {
    format: "hermes",
    source: "a call inside <think> is reasoning, not a call",
    text: '<think>Maybe <tool_call>{"name": "rm", "arguments": {}}</tool_call>? No.</think>Nothing to do.',
    expected: {
      content: "Nothing to do.",
      reasoning: 'Maybe <tool_call>{"name": "rm", "arguments": {}}</tool_call>? No.',
      toolCalls: [],
    },
  },
  {
    format: "gpt-oss",
    source: "a call written in the analysis channel is reasoning, not a call",
    text: "<|channel|>analysis<|message|>I could call functions.rm {} but won't.<|end|><|start|>assistant<|channel|>final<|message|>Done.",
    expected: {
      content: "Done.",
      reasoning: "I could call functions.rm {} but won't.",
      toolCalls: [],
    },
  },
  {
    format: "hermes",
    source: "a completion cut off in the middle of a call is an INVALID_ARGUMENTS error, never run",
    text: 'Reading.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.t',
    expected: {
      content: "Reading.",
      toolCalls: [
        {
          name: "read_file",
          arguments: '{"name": "read_file", "arguments": {"path": "a.t',
          error: {
            code: "INVALID_ARGUMENTS",
            message:
              'The arguments of your call to "read_file" could not be read: the answer ended in the middle of the call (it was cut off). You wrote: {"name": "read_file", "arguments": {"path": "a.t. Call the tool again with its arguments as one JSON object, for example {"path": "notes.txt"}.',
          },
        },
      ],
    },
  },
  {
    format: "hermes",
    source: "a call complete but for its end marker (the server stopped on it) still counts",
    text: '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n',
    expected: { content: null, toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }] },
  },
  {
    format: "pythonic",
    source: "a pythonic list cut off mid-call",
    text: "[get_weather(city='Par",
    expected: {
      content: null,
      toolCalls: [
        {
          name: "get_weather",
          arguments: "city='Par",
          error: {
            code: "INVALID_ARGUMENTS",
            message:
              'The arguments of your call to "get_weather" could not be read: the answer ended in the middle of the call (it was cut off). You wrote: city=\'Par. Call the tool again with its arguments as one JSON object, for example {"path": "notes.txt"}.',
          },
        },
      ],
    },
  },
  {
    format: "pythonic",
    source: "a bracket in prose is prose, and a call list after it is still a call",
    text: "See [Bob's notes] and [1]. [get_weather(city='Paris')]",
    expected: {
      content: "See [Bob's notes] and [1].",
      toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }],
    },
  },
  {
    format: "gemma4",
    source: "prose that starts a line with call: is prose, not a call",
    text: "call: me maybe\nor call:later, or\ncall:\ndone",
    expected: { content: "call: me maybe\nor call:later, or\ncall:\ndone", toolCalls: [] },
  },
  {
    format: "kimi-k2",
    source:
      "a call Kimi-K2 Thinking writes inside <think> is a call; the reasoning around it stays reasoning (llama.cpp test-chat.cpp's in-think Kimi case, which it keeps commented out)",
    text: '<think>I\'m thinking<|tool_calls_section_begin|><|tool_call_begin|>functions.complex_function_in_think:0<|tool_call_argument_begin|>{"name": "John Doe", "age": 30}<|tool_call_end|><|tool_calls_section_end|>I\'m still thinking</think>Hello',
    expected: {
      content: "Hello",
      reasoning: "I'm thinkingI'm still thinking",
      toolCalls: [{ name: "complex_function_in_think", arguments: { name: "John Doe", age: 30 } }],
    },
  },
  {
    format: "deepseek",
    source: "a call written inside closed reasoning is reasoning text, markers and all",
    text: "<think>I could <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>ls<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜> but no.</think>Done.",
    expected: {
      content: "Done.",
      reasoning:
        "I could <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>ls<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜> but no.",
      toolCalls: [],
    },
  },
  {
    format: "llama3",
    source:
      "a call object between sentences is a call (as vLLM reads Llama 3); other JSON in prose is prose",
    text: 'The config is {"name": "x", "parameters": {}} as shown, not {"name": "y"}.',
    expected: {
      content: 'The config is  as shown, not {"name": "y"}.',
      toolCalls: [{ name: "x", arguments: {} }],
    },
  },
  {
    format: "hermes",
    source:
      "SGLang issue 30480: cut by max_tokens right at the <tool_call> opener (no markup leaks into the answer)",
    text: "I will check.\n<tool_call>",
    expected: {
      content: "I will check.",
      toolCalls: [
        {
          name: "(unnamed)",
          arguments: "",
          error: {
            code: "INVALID_ARGUMENTS",
            message:
              'Your tool call could not be read: the answer ended in the middle of the call (it was cut off). You wrote none. Call the tool again with its arguments as one JSON object, for example {"path": "notes.txt"}.',
          },
        },
      ],
    },
  },
];
