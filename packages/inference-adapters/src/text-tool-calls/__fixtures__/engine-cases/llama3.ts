import type { EngineCase } from "./engine-case.js";

const vllm = "vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py";
const cpp = "ggml-org/llama.cpp tests/test-chat.cpp (Llama 3.1 block)";
const search1 = '{"name": "searchTool", "parameters": {"query": "test1"}}';
const incidents = '{"name": "getOpenIncidentsTool", "parameters": {}}';
const search2 = '{"name": "searchTool", "parameters": {"query": "test2"}}';
const three = [
  { name: "searchTool", arguments: { query: "test1" } },
  { name: "getOpenIncidentsTool", arguments: {} },
  { name: "searchTool", arguments: { query: "test2" } },
];

/** Llama 3.x JSON calls: alone, `;`-separated, after or between prose; `<|python_tag|>` built-ins. */
export const llama3Cases: EngineCase[] = [
  {
    source: `${vllm} test_extract_tool_calls_simple (a call between two sentences)`,
    text: `Here is the result: ${incidents} Would you like to know more?`,
    calls: [{ name: "getOpenIncidentsTool", arguments: {} }],
  },
  {
    source: `${vllm} test_extract_tool_calls_with_arguments`,
    text: '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}',
    calls: [{ name: "searchTool", arguments: { query: "test query", limit: 10 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_no_json`,
    text: "This is just some text without any tool calls",
    calls: [],
  },
  {
    source: `${vllm} test_extract_tool_calls_invalid_json`,
    text: '{"name": "invalidTool", "parameters": {invalid json}',
    calls: [],
  },
  {
    source: `${vllm} test_extract_tool_calls_with_arguments_key`,
    text: '{"name": "searchTool", "arguments": {"query": "test"}}',
    calls: [{ name: "searchTool", arguments: { query: "test" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_multiple_json`,
    text: `${search1}; ${incidents}; ${search2}`,
    calls: three,
  },
  {
    source: `${vllm} test_extract_tool_calls_multiple_json_with_whitespace`,
    text: `${search1} ; ${incidents} ; ${search2}`,
    calls: three,
  },
  {
    source: `${vllm} test_extract_tool_calls_multiple_json_with_surrounding_text`,
    text: `Here are the results: ${search1}; ${incidents}; ${search2} Would you like to know more?`,
    calls: three,
  },
  {
    source: `${vllm} test_extract_tool_calls_deeply_nested_json`,
    text: '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
    calls: [
      {
        name: "complexTool",
        arguments: { level1: { level2: { level3: { level4: { value: "deep" } } } } },
      },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_multiple_with_deep_nesting`,
    text: '{"name": "simpleTool", "parameters": {"value": "test"}}; {"name": "complexTool", "parameters": {"config": {"database": {"connection": {"pool": {"size": 10}}}}}}',
    calls: [
      { name: "simpleTool", arguments: { value: "test" } },
      {
        name: "complexTool",
        arguments: { config: { database: { connection: { pool: { size: 10 } } } } },
      },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_with_quotes_and_brackets_in_string`,
    text: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
    calls: [
      {
        name: "searchTool",
        arguments: { query: "test {value} [complex]", nested: { inner: "more {brackets}" } },
      },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_with_escaped_quotes_in_nested_json`,
    text: '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
    calls: [{ name: "parserTool", arguments: { text: 'He said "Hello {world}"' } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_missing_name_key`,
    text: '{"parameters": {}}',
    calls: [],
  },
  {
    source: `${vllm} test_extract_tool_calls_missing_parameters_and_arguments_key`,
    text: '{"name": "toolWithoutParams"}',
    calls: [],
  },
  {
    source: `${vllm} test_extract_tool_calls_brace_in_trailing_text`,
    text: '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.',
    calls: [{ name: "searchTool", arguments: { query: "test" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_json_fragment_in_trailing_text`,
    text: '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}',
    calls: [{ name: "searchTool", arguments: { query: "test" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_streaming_parallel_separators[newline]`,
    text: `${search1}\n${incidents}`,
    calls: [
      { name: "searchTool", arguments: { query: "test1" } },
      { name: "getOpenIncidentsTool", arguments: {} },
    ],
  },
  {
    source: `${cpp}: message_assist_call_python`,
    text: `<|python_tag|>python.call(code="print('hey')")`,
    calls: [{ name: "python", arguments: { code: "print('hey')" } }],
  },
  {
    source: `${cpp}: message_assist_call_code_interpreter`,
    text: `<|python_tag|>code_interpreter.call(code="print('hey')")`,
    calls: [{ name: "code_interpreter", arguments: { code: "print('hey')" } }],
  },
  {
    source: `${cpp}: message_assist_call`,
    text: '{"name": "special_function", "parameters": {"arg1": 1}}',
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
];
