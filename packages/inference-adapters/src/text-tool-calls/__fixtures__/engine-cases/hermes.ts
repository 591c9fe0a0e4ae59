import type { EngineCase } from "./engine-case.js";

const vllm = "vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py";

/** Hermes / Qwen: `<tool_call>{…}</tool_call>` blocks. */
export const hermesCases: EngineCase[] = [
  {
    source: `${vllm} test_hermes_parser_streaming_just_forward_text`,
    text: "This is some prior text that has nothing to do with tool calling.",
    calls: [],
  },
  {
    source: `${vllm} test_hermes_parser_streaming_failure_case_bug_19056`,
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  {
    source: `${vllm} test_hermes_parser_streaming (line continuations join the text)`,
    text: '<tool_call>{"name": "get_current_temperature","arguments": {"location":"San Francisco, California, United States", "unit": "celsius"}}</tool_call>',
    calls: [
      {
        name: "get_current_temperature",
        arguments: { location: "San Francisco, California, United States", unit: "celsius" },
      },
    ],
  },
  {
    source: `${vllm} test_hermes_streaming_content_then_tool_call_with_stream_interval`,
    text: 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>',
    calls: [{ name: "get_weather", arguments: { city: "NYC" } }],
  },
  {
    source: `${vllm} test_hermes_parser_non_streaming_no_tool_call`,
    text: "This is not a tool call.",
    calls: [],
  },
  {
    source: `${vllm} test_hermes_parser_non_streaming_tool_call_until_eos (no closing tag)`,
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}',
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  {
    source: `${vllm} test_hermes_parser_non_streaming_tool_call_invalid_json`,
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
    calls: [],
  },
  {
    source: `${vllm} test_hermes_parser_non_streaming_serialized_arguments`,
    text: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    calls: [{ name: "get_db_config", arguments: { param: "max_connections" } }],
  },
  {
    source: `${vllm} test_hermes_parser_non_streaming_bare_string_arguments`,
    text: '<tool_call>\n{"name": "do_thing", "arguments": "hello"}\n</tool_call>',
    calls: [{ name: "do_thing", arguments: "hello" }],
    decided: {
      calls: [],
      why: "arguments must be an object of named arguments; a bare string goes back to the model as INVALID_ARGUMENTS",
    },
  },
];
