import { type EngineCase, toolWith } from "./engine-case.js";

const section = (...calls: string[]) =>
  `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;
// vLLM's test helper writes a space between the id and the argument marker.
const vllmCall = (id: string, args: string) =>
  `<|tool_call_begin|>${id} <|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const cppCall = (id: string, args: string) =>
  `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;

const vllm = "vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py";
const cpp = "ggml-org/llama.cpp tests/test-chat.cpp (Kimi-K2-Thinking.jinja block)";
const weather = toolWith("get_weather", { city: "string", unit: "string" });
const readFile = toolWith("read_file", { path: "string" });
const bookFlight = toolWith("book_flight", { city: "string" });

/** Kimi K2: sections of `functions.NAME:N` calls, bare counter ids, and ids that are no id. */
export const kimiK2Cases: EngineCase[] = [
  { source: `${vllm} test_no_tools`, text: "This is a test", calls: [] },
  {
    source: `${vllm} test_extract_tool_calls[single_tool_call]`,
    text: `I'll check. ${section(vllmCall("functions.get_weather:0", '{"city": "Beijing"}'))}`,
    calls: [{ name: "get_weather", arguments: { city: "Beijing" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls[parallel_tool_calls]`,
    text: `Compare weather. ${section(vllmCall("functions.get_weather:0", '{"city": "Beijing"}'), vllmCall("functions.get_weather:1", '{"city": "Shanghai"}'))}`,
    calls: [
      { name: "get_weather", arguments: { city: "Beijing" } },
      { name: "get_weather", arguments: { city: "Shanghai" } },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls[three_tool_calls]`,
    text: `Multiple tasks. ${section(
      vllmCall("functions.get_weather:0", '{"city": "New York"}'),
      vllmCall("functions.get_news:1", '{"topic": "technology"}'),
      vllmCall("functions.send_email:2", '{"to": "user@example.com", "subject": "Daily Update"}'),
    )}`,
    calls: [
      { name: "get_weather", arguments: { city: "New York" } },
      { name: "get_news", arguments: { topic: "technology" } },
      { name: "send_email", arguments: { to: "user@example.com", subject: "Daily Update" } },
    ],
  },
  {
    source: `${vllm} test_extract_tool_calls[angle_brackets_in_json]`,
    text: `Process HTML. ${section(vllmCall("functions.process_html:0", '{"html": "<div>content</div>"}'))}`,
    calls: [{ name: "process_html", arguments: { html: "<div>content</div>" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls[multiline_json]`,
    text: `Formatted. ${section(vllmCall("functions.process_data:0", '{\n  "name": "test",\n  "value": 123\n}'))}`,
    calls: [{ name: "process_data", arguments: { name: "test", value: 123 } }],
  },
  {
    source: `${vllm} test_extract_tool_calls[no_functions_prefix]`,
    text: `No prefix. ${section(vllmCall("get_weather:0", '{"city": "Tokyo"}'))}`,
    calls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${vllm} test_extract_tool_calls[empty_arguments]`,
    text: `Empty args. ${section(vllmCall("functions.test:0", "{}"))}`,
    calls: [{ name: "test", arguments: {} }],
  },
  {
    source: `${vllm} test_invalid_json_still_extracted`,
    text: `Help. ${section(vllmCall("functions.bad:0", '{"city": "Beijing"'), vllmCall("functions.good:1", '{"city": "Shanghai"}'))}`,
    calls: [
      { name: "bad", arguments: '{"city": "Beijing"' },
      { name: "good", arguments: { city: "Shanghai" } },
    ],
    decided: {
      calls: [{ name: "good", arguments: { city: "Shanghai" } }],
      why: "arguments that are not JSON never run: the call goes back to the model as INVALID_ARGUMENTS",
    },
  },
  {
    source: `${vllm} test_invalid_funcall_id_skipped`,
    text: `Help. ${section(vllmCall("functions.invalid.0", '{"city": "Beijing"}'), vllmCall("functions.valid:1", '{"city": "Shanghai"}'))}`,
    calls: [{ name: "valid", arguments: { city: "Shanghai" } }],
  },
  {
    source: `${vllm} test_native_id_extracted`,
    text: `Checking weather. ${section(vllmCall("functions.get_weather:0", '{"city": "Tokyo"}'))}`,
    calls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
  },
  {
    source: `${vllm} test_bare_counter`,
    text: `Let me check. ${section(vllmCall("0", '{"city": "Tokyo", "unit": "celsius"}'))}`,
    tools: [weather],
    calls: [{ name: "get_weather", arguments: { city: "Tokyo", unit: "celsius" } }],
  },
  {
    source: `${vllm} test_bare_counter_single_tool_invalid_json_still_extracted`,
    text: `Let me check. ${section(vllmCall("0", '{"city": "Tokyo"'))}`,
    tools: [weather],
    calls: [{ name: "get_weather", arguments: '{"city": "Tokyo"' }],
    decided: {
      calls: [],
      why: "arguments that are not JSON never run: the call goes back to the model as INVALID_ARGUMENTS",
    },
  },
  {
    source: `${vllm} test_bare_counter_multiple_tools_infers_by_args`,
    text: `Let me check. ${section(vllmCall("0", '{"city": "Tokyo", "unit": "celsius"}'))}`,
    tools: [readFile, weather],
    calls: [{ name: "get_weather", arguments: { city: "Tokyo", unit: "celsius" } }],
  },
  {
    source: `${vllm} test_bare_counter_multiple_tools_skips_unsafe_inference[ambiguous]`,
    text: `Let me check. ${section(vllmCall("0", '{"city": "Tokyo"}'))}`,
    tools: [weather, bookFlight],
    calls: [],
  },
  {
    source: `${vllm} test_bare_counter_multiple_tools_skips_unsafe_inference[malformed_json]`,
    text: `Let me check. ${section(vllmCall("0", '{"city": "Tokyo"'))}`,
    tools: [weather, bookFlight],
    calls: [],
  },
  {
    source: `${cpp}: message_assist_call_thoughts`,
    text: `<think>I'm\nthinking</think>${section(cppCall("functions.special_function:0", '{"arg1": 1}'))}`,
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cpp}: message_assist_call_content (text after the section)`,
    text: `${section(cppCall("functions.special_function:0", '{"arg1": 1}'))}Hello, world!\nWhat's up?`,
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cpp}: multi_tool_msg (four calls after thinking and text)`,
    text: `<think>I'm thinking.</think>Let me call multiple tools.${section(
      cppCall(
        "functions.read_file:0",
        '{"files":[{"path":"src/app/Partners.tsx","line_ranges":["1-100"]}]}',
      ),
      cppCall(
        "functions.web_search:1",
        '{"query":"\\"From Zero\\" Linkin Park album tracklist complete songs","limit":3,"type":"text"}',
      ),
      cppCall(
        "functions.complex_function:2",
        '{"name": "John Doe", "age": 30, "active": true, "score": 95.5}',
      ),
      cppCall(
        "functions.emoji_function:3",
        '{"message":"Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇"}',
      ),
    )}`,
    calls: [
      {
        name: "read_file",
        arguments: { files: [{ path: "src/app/Partners.tsx", line_ranges: ["1-100"] }] },
      },
      {
        name: "web_search",
        arguments: {
          query: '"From Zero" Linkin Park album tracklist complete songs',
          limit: 3,
          type: "text",
        },
      },
      {
        name: "complex_function",
        arguments: { name: "John Doe", age: 30, active: true, score: 95.5 },
      },
      {
        name: "emoji_function",
        arguments: { message: "Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇" },
      },
    ],
  },
];
