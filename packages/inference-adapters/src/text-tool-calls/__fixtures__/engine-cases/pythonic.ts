import { type EngineCase, toolWith } from "./engine-case.js";

const vllm = "vllm-project/vllm tests/tool_parsers/test_pythonic_tool_parser.py";
const sglang = "sgl-project/sglang PythonicDetector unit tests (TestPythonicDetector)";
const sglangTools = [
  toolWith("get_weather", { city: "string", unit: "string" }),
  toolWith("search", { query: "string" }),
];
const tokyo = { name: "get_weather", arguments: { city: "Tokyo" } };
const simple = "get_weather(city='San Francisco', metric='celsius')";
const simpleCall = { name: "get_weather", arguments: { city: "San Francisco", metric: "celsius" } };
const moreTypes =
  "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
const moreTypesCall = {
  name: "register_user",
  arguments: {
    name: "John Doe",
    age: 37,
    address: { city: "San Francisco", state: "CA" },
    role: null,
    passed_test: true,
    aliases: ["John", "Johnny"],
  },
};

/** Python call lists (Llama 3.2 / 4, Gemma 3, LFM2), one bad call among good ones. */
export const pythonicCases: EngineCase[] = [
  { source: `${vllm} test_no_tool_call`, text: "How can I help you today?", calls: [] },
  { source: `${vllm} test_tool_call[simple]`, text: `[${simple}]`, calls: [simpleCall] },
  { source: `${vllm} test_tool_call[more_types]`, text: `[${moreTypes}]`, calls: [moreTypesCall] },
  {
    source: `${vllm} test_tool_call[parameterless]`,
    text: "[get_weather()]",
    calls: [{ name: "get_weather", arguments: {} }],
  },
  {
    source: `${vllm} test_tool_call[empty_dict]`,
    text: "[do_something_cool(additional_data={})]",
    calls: [{ name: "do_something_cool", arguments: { additional_data: {} } }],
  },
  {
    source: `${vllm} test_tool_call[empty_list]`,
    text: "[do_something_cool(steps=[])]",
    calls: [{ name: "do_something_cool", arguments: { steps: [] } }],
  },
  {
    source: `${vllm} test_tool_call[escaped_string]`,
    text: String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`,
    calls: [
      { name: "get_weather", arguments: { city: "Martha's Vineyard", metric: '"cool units"' } },
    ],
  },
  {
    source: `${vllm} test_tool_call[parallel_calls]`,
    text: `[${simple}, ${moreTypes}]`,
    calls: [simpleCall, moreTypesCall],
  },
  {
    source: `${vllm} test_bad_sibling_call_does_not_drop_good_calls`,
    text: `[bad(x=b'z'), ${simple}]`,
    calls: [simpleCall],
  },
  {
    source: `${vllm} test_non_finite_argument_rejected`,
    text: `[calc(x=1e999), ${simple}]`,
    calls: [simpleCall],
  },
  {
    source: `${vllm} test_good_call_survives_unparsable_sibling`,
    text: `[${simple}, f(a='x 'y', b='z')]`,
    calls: [simpleCall],
  },
  {
    source: `${vllm} test_unrecoverable_block_still_reports_no_tool_call`,
    text: "[f(a='x 'y' 'z), g(b='p 'q' 'r)]",
    calls: [],
  },
  {
    source: `${vllm} test_streaming_mismatched_brackets_reported_once`,
    text: "[foo(x=1])]",
    calls: [],
  },
  {
    source: `${sglang} test_single_tool_call_string_arg`,
    text: "[get_weather(city='Tokyo')]",
    tools: sglangTools,
    calls: [tokyo],
  },
  {
    source: `${sglang} test_positional_arguments_ignored`,
    text: "[get_weather('Tokyo')]",
    tools: sglangTools,
    calls: [{ name: "get_weather", arguments: {} }],
    decided: {
      calls: [],
      why: "a positional argument has no name to give it: the call goes back to the model as INVALID_ARGUMENTS rather than run without it",
    },
  },
  {
    source: `${sglang} test_multiple_tool_calls`,
    text: "[get_weather(city='Tokyo'), search(query='restaurants')]",
    tools: sglangTools,
    calls: [tokyo, { name: "search", arguments: { query: "restaurants" } }],
  },
  {
    source: `${sglang} test_tool_call_with_leading_text`,
    text: "I will check the weather for you. [get_weather(city='Tokyo')]",
    tools: sglangTools,
    calls: [tokyo],
  },
  {
    source: `${sglang} test_no_tool_call`,
    text: "The weather is nice today.",
    tools: sglangTools,
    calls: [],
  },
  {
    source: `${sglang} test_unknown_tool_name_skipped`,
    text: "[unknown_func(arg=1)]",
    tools: sglangTools,
    calls: [],
  },
  {
    source: `${sglang} test_malformed_python_returns_empty_calls`,
    text: "[get_weather(city=)]",
    tools: sglangTools,
    calls: [],
  },
  {
    source: `${sglang} test_no_bracket_returns_empty_calls`,
    text: "get_weather(city='Tokyo')",
    tools: sglangTools,
    calls: [],
  },
  {
    source: `${sglang} test_streaming_text_then_tool_call`,
    text: "Sure, let me check. [get_weather(city='Tokyo')]",
    tools: sglangTools,
    calls: [tokyo],
  },
  {
    source: `${sglang} test_streaming_with_python_tokens`,
    text: "<|python_start|>[get_weather(city='Tokyo')]<|python_end|>",
    tools: sglangTools,
    calls: [tokyo],
  },
  {
    source: `${sglang} test_streaming_incomplete_tool_call`,
    text: "[get_weather(city=",
    tools: sglangTools,
    calls: [],
  },
  {
    source: `${sglang} test_streaming_incomplete_tool_call (with leading text)`,
    text: "Hello! [search(query=",
    tools: sglangTools,
    calls: [],
  },
];
