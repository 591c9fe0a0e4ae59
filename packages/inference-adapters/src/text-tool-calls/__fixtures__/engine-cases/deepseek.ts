import type { EngineCase } from "./engine-case.js";

const begin = "<｜tool▁calls▁begin｜>";
const end = "<｜tool▁calls▁end｜>";
const call = (name: string, args: string) =>
  `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;
const r1 = (name: string) =>
  `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n{"arg1": 1}\n\`\`\`<｜tool▁call▁end｜>`;

const vllm = "vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py";
const v31 = "ochafik/llama.cpp tests/chat-parsers/test-deepseek-v3-1.cpp";
const cppR1 = "ggml-org/llama.cpp tests/test-chat.cpp (DeepSeek R1 block)";

/** DeepSeek R1 / V3.1: calls in a `tool▁calls` section; calls written inside closed reasoning are reasoning. */
export const deepseekCases: EngineCase[] = [
  {
    source: `${vllm} test_extract_tool_calls_with_tool`,
    text: `normal text${begin}${call("foo", '{"x":1}')}${end}`,
    calls: [{ name: "foo", arguments: { x: 1 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls_with_multiple_tools`,
    text: `some prefix text${begin}${call("foo", '{"x":1}')}${call("bar", '{"y":2}')}${end} some suffix text`,
    calls: [
      { name: "foo", arguments: { x: 1 } },
      { name: "bar", arguments: { y: 2 } },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls_unparsable_block[cut off]`,
    text: `Let me look that up.${begin}get_weather`,
    calls: [],
  },
  {
    source: `${vllm} test_extract_tool_calls_unparsable_block[no call markers]`,
    text: `${begin}foo<｜tool▁sep｜>{"x":1}${end}`,
    calls: [],
  },
  {
    source: `${cppR1}: message_assist_call`,
    text: `${begin}${r1("special_function")}${end}`,
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cppR1}: the misspelled begin marker <｜tool▁calls｜>`,
    text: `<｜tool▁calls｜>function<｜tool▁sep｜>special_function\n\`\`\`json\n{"arg1": 1}\n\`\`\`<｜tool▁call▁end｜>${end}`,
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cppR1}: message_assist_call_thoughts`,
    text: `<think>I'm\nthinking</think>\n\n${begin}${r1("special_function")}${end}`,
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${v31}: thinking forced open, no call`,
    text: "I'm\nthinking</think>Hello, world!\nWhat's up?",
    startsInReasoning: true,
    calls: [],
  },
  {
    source: `${v31}: happy path as the model card says`,
    text: `${begin}${call("get_time", '{"city": "Tokyo"}')}${end}`,
    calls: [{ name: "get_time", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${v31}: simple + thinking open`,
    text: `REASONING</think>${begin}${call("get_time", '{"city": "Tokyo"}')}${end}`,
    startsInReasoning: true,
    calls: [{ name: "get_time", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${v31}: simple + multiple tool calls`,
    text: `CONTENT${begin}${call("get_time", '{"city": "Paris"}')}${call("get_weather", '{"city": "Paris"}')}${end}`,
    calls: [
      { name: "get_time", arguments: { city: "Paris" } },
      { name: "get_weather", arguments: { city: "Paris" } },
    ],
  },
  {
    source: `${v31}: thinking forced open + tool call in reasoning content`,
    text: `REASONING${begin}${call("get_time2", '{"city": "Tokyo2"}')}${end}REASONING</think>${begin}${call("get_time", '{"city": "Tokyo"}')}${end}`,
    startsInReasoning: true,
    calls: [{ name: "get_time", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${v31}: thinking forced open + tool call in reasoning + no closing think + not partial`,
    text: `REASONING${begin}${call("get_time", '{"city": "Tokyo"}')}${end}`,
    startsInReasoning: true,
    calls: [{ name: "get_time", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${v31}: thinking not forced open + no tool calls`,
    text: "CONTENT",
    calls: [],
  },
];
