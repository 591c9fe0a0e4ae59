import type { EngineCase } from "./engine-case.js";

const vllm = "vllm-project/vllm tests/tool_parsers/test_pythonic_tool_parser.py";
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
];
