import type { EngineCase } from "./engine-case.js";

const q = '<|"|>';
const vllm = "vllm-project/vllm tests/tool_parsers/test_gemma4_tool_parser.py";
const vllmBare = "vllm-project/vllm tests/tool_parsers/test_gemma4_regex_and_bare_calls.py";
const ollama = "ollama/ollama model/parsers/gemma4_test.go TestGemma4Parser";
const paris = { name: "get_weather", arguments: { location: "Paris" } };

/** Gemma 4: `<|tool_call>call:NAME{…}<tool_call|>` and the variants real Gemma 4 output shows. */
export const gemma4Cases: EngineCase[] = [
  {
    source: `${vllm} TestExtractToolCalls.test_no_tool_calls`,
    text: "Hello, how can I help you today?",
    calls: [],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_single_tool_call`,
    text: `<|tool_call>call:get_weather{location:${q}London${q}}<tool_call|>`,
    calls: [{ name: "get_weather", arguments: { location: "London" } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_multiple_arguments`,
    text: `<|tool_call>call:get_weather{location:${q}San Francisco${q},unit:${q}celsius${q}}<tool_call|>`,
    calls: [{ name: "get_weather", arguments: { location: "San Francisco", unit: "celsius" } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_text_before_tool_call`,
    text: `Let me check the weather for you. <|tool_call>call:get_weather{location:${q}Paris${q}}<tool_call|>`,
    calls: [{ name: "get_weather", arguments: { location: "Paris" } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_multiple_tool_calls`,
    text: `<|tool_call>call:get_weather{location:${q}London${q}}<tool_call|><|tool_call>call:get_time{location:${q}London${q}}<tool_call|>`,
    calls: [
      { name: "get_weather", arguments: { location: "London" } },
      { name: "get_time", arguments: { location: "London" } },
    ],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_nested_arguments`,
    text: `<|tool_call>call:complex_function{nested:{inner:${q}value${q}},list:[${q}a${q},${q}b${q}]}<tool_call|>`,
    calls: [
      { name: "complex_function", arguments: { nested: { inner: "value" }, list: ["a", "b"] } },
    ],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_tool_call_with_number_and_boolean`,
    text: "<|tool_call>call:set_status{is_active:true,count:42,score:3.14}<tool_call|>",
    calls: [{ name: "set_status", arguments: { is_active: true, count: 42, score: 3.14 } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_incomplete_tool_call (no end marker, the value unterminated)`,
    text: `<|tool_call>call:get_weather{location:${q}London`,
    calls: [],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_hyphenated_function_name`,
    text: `<|tool_call>call:get-weather{location:${q}London${q}}<tool_call|>`,
    calls: [{ name: "get-weather", arguments: { location: "London" } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_dotted_function_name`,
    text: `<|tool_call>call:weather.get{location:${q}London${q}}<tool_call|>`,
    calls: [{ name: "weather.get", arguments: { location: "London" } }],
  },
  {
    source: `${vllm} TestExtractToolCalls.test_no_arguments`,
    text: "<|tool_call>call:get_status{}<tool_call|>",
    calls: [{ name: "get_status", arguments: {} }],
  },
  {
    source: `${vllmBare} test_canonical_tag_wrapped_call`,
    text: `<|tool_call>call:bash{command:${q}ls -la /work${q}}<tool_call|>`,
    calls: [{ name: "bash", arguments: { command: "ls -la /work" } }],
  },
  {
    source: `${vllmBare} test_turn_end_closure_instead_of_tool_call_end`,
    text: `<|tool_call>call:gdb{args:${q}-batch -ex run /tmp/poc${q}}<turn|>`,
    calls: [{ name: "gdb", arguments: { args: "-batch -ex run /tmp/poc" } }],
  },
  {
    source: `${vllmBare} test_multiple_sequential_canonical_calls`,
    text: `<|tool_call>call:read_file{path:${q}/work/Makefile${q}}<tool_call|>\n<|tool_call>call:bash{command:${q}make -j8${q}}<tool_call|>`,
    calls: [
      { name: "read_file", arguments: { path: "/work/Makefile" } },
      { name: "bash", arguments: { command: "make -j8" } },
    ],
  },
  {
    source: `${vllmBare} test_bare_call_after_thought_channel`,
    text: `<|channel>thought\nI need to read the entry source file to inspect the crash point.\n<channel|>call:bash{command:${q}cat /work/src/entry.c${q}}`,
    calls: [{ name: "bash", arguments: { command: "cat /work/src/entry.c" } }],
  },
  {
    source: `${vllmBare} test_colon_prefixed_tool_call`,
    text: `<|tool_call>:call:bash{command:${q}pytest${q}}`,
    calls: [{ name: "bash", arguments: { command: "pytest" } }],
  },
  {
    source: `${vllmBare} test_bare_call_with_leading_whitespace`,
    text: `some prose\ncall:bash{command:${q}make -j8${q}}`,
    calls: [{ name: "bash", arguments: { command: "make -j8" } }],
  },
  {
    source: `${vllmBare} test_fragmented_call_tag_from_multimodal`,
    text: `<call>get_weather{city:${q}Paris${q}}`,
    calls: [{ name: "get_weather", arguments: { city: "Paris" } }],
  },
  {
    source: `${vllmBare} test_hyphenated_tool_name (bare)`,
    text: `call:web-search{query:${q}gemma 4 release${q}}`,
    calls: [{ name: "web-search", arguments: { query: "gemma 4 release" } }],
  },
  {
    source: `${vllmBare} test_dotted_tool_name (bare)`,
    text: `call:fs.read_file{path:${q}/work/Makefile${q}}`,
    calls: [{ name: "fs.read_file", arguments: { path: "/work/Makefile" } }],
  },
  {
    source: `${vllmBare} test_no_tool_call_returns_empty`,
    text: "Just some reasoning text with no call in it.",
    calls: [],
  },
  {
    source: `${vllmBare} TestGemma4EngineBareCallIntegration.test_engine_tool_parser_bare_call_extraction`,
    text: `<|channel>thought\nListing directory files.\n<channel|>call:bash{command:${q}ls -la /work${q}}`,
    calls: [{ name: "bash", arguments: { command: "ls -la /work" } }],
  },
  { source: `${ollama} simple_content`, text: "This is a simple response.", calls: [] },
  {
    source: `${ollama} thinking_then_content`,
    text: "<|channel>thought\nLet me think about this...<channel|>The answer is 42.",
    calls: [],
  },
  {
    source: `${ollama} tool_call_simple`,
    text: `<|tool_call>call:get_weather{location:${q}Paris${q}}<tool_call|>`,
    calls: [paris],
  },
  {
    source: `${ollama} tool_call_with_number_arg`,
    text: "<|tool_call>call:set_temp{value:42}<tool_call|>",
    calls: [{ name: "set_temp", arguments: { value: 42 } }],
  },
  {
    source: `${ollama} tool_call_with_null_arg`,
    text: "<|tool_call>call:set_optional{value:null,nested:{value:null}}<tool_call|>",
    calls: [{ name: "set_optional", arguments: { value: null, nested: { value: null } } }],
  },
  {
    source: `${ollama} tool_call_with_array_of_multiple_gemma_quoted_strings`,
    text: `<|tool_call>call:process{items:[${q}a${q},${q}b "quoted"${q},${q}c${q}]}<tool_call|>`,
    calls: [{ name: "process", arguments: { items: ["a", 'b "quoted"', "c"] } }],
  },
  {
    source: `${ollama} tool_call_with_multiline_string_arg`,
    text: `<|tool_call>call:bash{command:${q}date\n${q}}<tool_call|>`,
    calls: [{ name: "bash", arguments: { command: "date\n" } }],
  },
  {
    source: `${ollama} tool_call_with_escaped_double_quotes_in_string_arg`,
    text: String.raw`<|tool_call>call:search{query:<|"|>say \"hello\"<|"|>}<tool_call|>`,
    calls: [{ name: "search", arguments: { query: String.raw`say \"hello\"` } }],
  },
  {
    source: `${ollama} tool_call_done_flush_without_close_tag_with_unescaped_double_quotes`,
    text: `<|tool_call>call:search{query:${q}say "hello" and "bye"${q}}`,
    calls: [{ name: "search", arguments: { query: 'say "hello" and "bye"' } }],
  },
  {
    source: `${ollama} tool_call_with_mixed_raw_and_gemma_quoted_values`,
    text: String.raw`<|tool_call>call:search{query:"raw \"quoted\"",note:<|"|>gemma "quoted"<|"|>}<tool_call|>`,
    calls: [{ name: "search", arguments: { query: 'raw "quoted"', note: 'gemma "quoted"' } }],
  },
  {
    source: `${ollama} tool_call_with_windows_path_single_backslashes`,
    text: String.raw`<|tool_call>call:open_file{path:<|"|>C:\users\bob\file.txt<|"|>}<tool_call|>`,
    calls: [{ name: "open_file", arguments: { path: String.raw`C:\users\bob\file.txt` } }],
  },
  {
    source: `${ollama} multiple_tool_calls`,
    text: `<|tool_call>call:get_weather{location:${q}Paris${q}}<tool_call|><|tool_call>call:get_weather{location:${q}London${q}}<tool_call|>`,
    calls: [paris, { name: "get_weather", arguments: { location: "London" } }],
  },
  {
    source: `${ollama} thinking_then_tool_call`,
    text: `<|channel>thought\nI need to check the weather<channel|><|tool_call>call:get_weather{location:${q}Paris${q}}<tool_call|>`,
    calls: [paris],
  },
  {
    source: `${ollama} content_then_tool_call`,
    text: `Let me check that for you.<|tool_call>call:get_weather{location:${q}Paris${q}}<tool_call|>`,
    calls: [paris],
  },
];
