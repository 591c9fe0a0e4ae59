import type { EngineCase } from "./engine-case.js";

const vllm = "vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py";
const weather = { city: "San Francisco", state: "CA", unit: "celsius" };

/** Mistral: `[TOOL_CALLS]` then a JSON list (v0.3) or `NAME{…}` pairs (v11 tokenizer), also after text. */
export const mistralCases: EngineCase[] = [
  { source: `${vllm} test_extract_tool_calls_no_tools`, text: "This is a test", calls: [] },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[single_tool_add]`,
    text: '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]',
    calls: [{ name: "add", arguments: { a: 3.5, b: 4 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[single_tool_weather]`,
    text: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    calls: [{ name: "get_current_weather", arguments: weather }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[argument_before_name]`,
    text: '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
    calls: [{ name: "get_current_weather", arguments: weather }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[argument_before_name_and_name_in_argument]`,
    text: '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]',
    calls: [{ name: "get_age", arguments: { name: "John Doe" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[multiple_tools]`,
    text: '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    calls: [
      { name: "add", arguments: { a: 3.5, b: 4 } },
      { name: "get_current_weather", arguments: weather },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[content_before_tool]`,
    text: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]',
    calls: [{ name: "add", arguments: { a: 1, b: 2 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_tokenizer[trailing_data_after_json]`,
    text: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data',
    calls: [
      {
        name: "get_current_weather",
        arguments: { city: "Dallas", state: "TX", unit: "fahrenheit" },
      },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_regex_fallback (junk before the list)`,
    text: '[TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail',
    calls: [{ name: "add", arguments: { a: 1, b: 2 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_pre_v11_regex_fallback_fails`,
    text: "[TOOL_CALLS] not json at all",
    calls: [],
  },
  {
    source: `${vllm} v11 tokenizer [single_tool_add]`,
    text: '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}',
    calls: [{ name: "add_this_and_that", arguments: { a: 3.5, b: 4 } }],
  },
  {
    source: `${vllm} v11 tokenizer [single_tool_weather]`,
    text: '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}',
    calls: [{ name: "get_current_weather", arguments: weather }],
  },
  {
    source: `${vllm} v11 tokenizer [multiple_tool_calls]`,
    text: '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}',
    calls: [
      { name: "add", arguments: { a: 3.5, b: 4 } },
      { name: "multiply", arguments: { a: 3, b: 6 } },
    ],
  },
];
