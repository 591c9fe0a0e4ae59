import { type EngineCase, toolWith } from "./engine-case.js";

const cpp = "ggml-org/llama.cpp tests/test-chat.cpp (Qwen3-Coder block, qwen3_coder_tools)";
// llama.cpp's test writes each call indented, as below.
const block = (name: string, params: [string, string][]) =>
  `<tool_call>\n  <function=${name}>\n${params.map(([key, value]) => `    <parameter=${key}>\n${value}\n    </parameter>\n`).join("")}  </function>\n</tool_call>`;

/** Qwen3-Coder: `<function=NAME><parameter=KEY>value</parameter>` typed by the offered tool's schema. */
export const qwen3CoderCases: EngineCase[] = [
  {
    source: `${cpp}: basic XML tool call parsing`,
    text: block("special_function", [["arg1", "      1"]]),
    tools: [toolWith("special_function", { arg1: "integer" })],
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cpp}: multiple parameters with different types`,
    text: block("complex_function", [
      ["name", "      John Doe"],
      ["age", "      30"],
      ["active", "      true"],
      ["score", "      95.5"],
    ]),
    tools: [
      toolWith("complex_function", {
        name: "string",
        age: "integer",
        active: "boolean",
        score: "number",
      }),
    ],
    calls: [
      {
        name: "complex_function",
        arguments: { name: "John Doe", age: 30, active: true, score: 95.5 },
      },
    ],
  },
  {
    source: `${cpp}: multiline content with newlines and indentation`,
    text: block("code_function", [
      ["code", 'def hello():\n    print("Hello, World!")\n    return True'],
    ]),
    tools: [toolWith("code_function", { code: "string" })],
    calls: [
      {
        name: "code_function",
        arguments: { code: 'def hello():\n    print("Hello, World!")\n    return True' },
      },
    ],
  },
  {
    source: `${cpp}: JSON object as parameter value`,
    text: block("json_function", [
      ["config", '      {"host": "localhost", "port": 8080, "ssl": false}'],
    ]),
    tools: [toolWith("json_function", { config: "object" })],
    calls: [
      {
        name: "json_function",
        arguments: { config: { host: "localhost", port: 8080, ssl: false } },
      },
    ],
  },
  {
    source: `${cpp}: array as parameter value`,
    text: block("array_function", [["items", '      ["apple", "banana", "cherry"]']]),
    tools: [toolWith("array_function", { items: "array" })],
    calls: [{ name: "array_function", arguments: { items: ["apple", "banana", "cherry"] } }],
  },
  {
    source: `${cpp}: empty parameter`,
    text: "<tool_call>\n  <function=empty_function>\n    <parameter=empty_param>\n    </parameter>\n  </function>\n</tool_call>",
    tools: [toolWith("empty_function", { empty_param: "string" })],
    calls: [{ name: "empty_function", arguments: { empty_param: "" } }],
  },
  {
    source: `${cpp}: negative numbers and scientific notation`,
    text: block("math_function", [
      ["negative", "      -42"],
      ["decimal", "      -3.14"],
      ["scientific", "      1.23e-4"],
    ]),
    tools: [
      toolWith("math_function", { negative: "integer", decimal: "number", scientific: "number" }),
    ],
    calls: [
      { name: "math_function", arguments: { negative: -42, decimal: -3.14, scientific: 1.23e-4 } },
    ],
  },
  {
    source: `${cpp}: XML-like content in parameters`,
    text: block("xml_function", [["xml_content", "      <root><item>value</item></root>"]]),
    tools: [toolWith("xml_function", { xml_content: "string" })],
    calls: [
      { name: "xml_function", arguments: { xml_content: "<root><item>value</item></root>" } },
    ],
  },
  {
    source: `${cpp}: mixed content with text before the call`,
    text: `I'll help you search for products. ${block("search_function", [["query", "      laptops"]])}`,
    tools: [toolWith("search_function", { query: "string" })],
    calls: [{ name: "search_function", arguments: { query: "laptops" } }],
  },
  {
    source: `${cpp}: compact format (no extra whitespace)`,
    text: "<tool_call><function=compact_function><parameter=param>value</parameter></function></tool_call>",
    tools: [toolWith("compact_function", { param: "string" })],
    calls: [{ name: "compact_function", arguments: { param: "value" } }],
  },
  {
    source: `${cpp}: parameter with only whitespace`,
    text: block("whitespace_function", [["spaces", "      "]]),
    tools: [toolWith("whitespace_function", { spaces: "string" })],
    calls: [{ name: "whitespace_function", arguments: { spaces: "" } }],
  },
  {
    source: `${cpp}: tabs and mixed whitespace`,
    text: block("tab_function", [["content", "line1\n\tindented line\n    spaces"]]),
    tools: [toolWith("tab_function", { content: "string" })],
    calls: [{ name: "tab_function", arguments: { content: "line1\n\tindented line\n    spaces" } }],
  },
  {
    source: `${cpp}: parameter names with underscores and numbers`,
    text: block("test_function", [
      ["param_1", "      value1"],
      ["param_2_name", "      value2"],
      ["param3", "      123"],
    ]),
    tools: [
      toolWith("test_function", { param_1: "string", param_2_name: "string", param3: "integer" }),
    ],
    calls: [
      {
        name: "test_function",
        arguments: { param_1: "value1", param_2_name: "value2", param3: 123 },
      },
    ],
  },
  {
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3coder_tool_parser.py test_extract_tool_calls_missing_closing_parameter_tag",
    text: "Let me check the weather for you:\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    tools: [toolWith("get_current_weather", { city: "string", state: "string", unit: "string" })],
    calls: [
      {
        name: "get_current_weather",
        arguments: { city: "Dallas", state: "TX", unit: "fahrenheit" },
      },
    ],
  },
];
