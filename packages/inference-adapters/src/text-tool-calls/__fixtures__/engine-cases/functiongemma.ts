import type { EngineCase } from "./engine-case.js";

const ollama = "ollama/ollama model/parsers/functiongemma_test.go TestFunctionGemmaParser";
const call = (body: string) => `<start_function_call>call:${body}<end_function_call>`;
const paris = { name: "get_weather", arguments: { city: "Paris" } };

/** FunctionGemma: `<start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>` (the chunks of Ollama's tests joined). */
export const functionGemmaCases: EngineCase[] = [
  { source: `${ollama} plain_content`, text: "Hello, world!", calls: [] },
  {
    source: `${ollama} simple_tool_call`,
    text: call("get_weather{city:<escape>Paris<escape>}"),
    calls: [paris],
  },
  {
    source: `${ollama} multiline_string_argument`,
    text: call("write_file{content:<escape>first line\nsecond line<escape>}"),
    calls: [{ name: "write_file", arguments: { content: "first line\nsecond line" } }],
  },
  {
    source: `${ollama} content_before_tool_call`,
    text: `Let me check.${call("get_weather{city:<escape>Paris<escape>}")}`,
    calls: [paris],
  },
  {
    source: `${ollama} numeric_arguments`,
    text: call("add{a:1,b:2}"),
    calls: [{ name: "add", arguments: { a: 1, b: 2 } }],
  },
  {
    source: `${ollama} boolean_arguments`,
    text: call("set_flag{enabled:true,verbose:false}"),
    calls: [{ name: "set_flag", arguments: { enabled: true, verbose: false } }],
  },
  {
    source: `${ollama} array_argument`,
    text: call("process{items:[<escape>a<escape>,<escape>b<escape>,<escape>c<escape>]}"),
    calls: [{ name: "process", arguments: { items: ["a", "b", "c"] } }],
  },
  {
    source: `${ollama} object_argument`,
    text: call("update{data:{name:<escape>test<escape>,value:42}}"),
    calls: [{ name: "update", arguments: { data: { name: "test", value: 42 } } }],
  },
  {
    source: `${ollama} tool_call_with_no_arguments`,
    text: call("get_time{}"),
    calls: [{ name: "get_time", arguments: {} }],
  },
  {
    source: `${ollama} content_with_angle_brackets`,
    text: "The result is a <value> tag",
    calls: [],
  },
  {
    source: `${ollama} content_after_tool_call`,
    text: `${call("test{}")}Done!`,
    calls: [{ name: "test", arguments: {} }],
  },
  {
    source: `${ollama} unicode_content_and_arguments`,
    text: `こんにちは ${call("greet{name:<escape>日本語<escape>}")}`,
    calls: [{ name: "greet", arguments: { name: "日本語" } }],
  },
  {
    source: `${ollama} partial_start_tag_in_content`,
    text: "Hello <start world",
    calls: [],
  },
  {
    source: `${ollama} content_between_tool_calls`,
    text: `${call("first{}")}Some text here${call("second{}")}`,
    calls: [
      { name: "first", arguments: {} },
      { name: "second", arguments: {} },
    ],
  },
];
