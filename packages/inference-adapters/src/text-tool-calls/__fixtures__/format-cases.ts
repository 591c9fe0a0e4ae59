import type { ToolSpec } from "../../types.js";
import type { ParsedToolCallText } from "../parse-tool-call-text.js";
import type { TextToolCallFormat } from "../text-tool-call-formats.js";

/** One completion of a format and what it must parse to. `source` names where the text comes from. */
export interface FormatCase {
  source: string;
  text: string;
  /** The offered tools, for formats whose values are typed by the tool's schema. */
  tools?: ToolSpec[];
  expected: ParsedToolCallText;
}

/** llama.cpp's test tools (tests/test-chat.cpp), and the schemas the typed Qwen3-Coder cases need. */
const integerTool = (name: string, keys: string[]): ToolSpec => ({
  name,
  description: name,
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(keys.map((key) => [key, { type: "integer" }])),
  },
});
const specialWithOptTool = integerTool("special_function_with_opt", ["arg1", "arg2"]);
const todoListTool: ToolSpec = {
  name: "todo_list",
  description: "Create or update the todo list",
  inputSchema: { type: "object", properties: { todos: { type: "array" } } },
};
const anyOfTool: ToolSpec = {
  name: "test_anyof",
  description: "anyOf",
  inputSchema: {
    type: "object",
    properties: {
      anyof_int: { anyOf: [{ type: "integer" }, { type: "null" }] },
      anyof_str: { anyOf: [{ type: "string" }, { type: "null" }] },
      anyof_array: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }] },
      anyof_obj: { anyOf: [{ type: "object" }, { type: "null" }] },
      type_as_array: { type: ["integer", "null"] },
      multi_non_null: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
    },
  },
};

/** llama.cpp's test tool: `special_function(arg1: integer)`. */
export const specialFunctionTool: ToolSpec = {
  name: "special_function",
  description: "I'm special",
  inputSchema: {
    type: "object",
    properties: { arg1: { type: "integer", description: "The arg." } },
    required: ["arg1"],
  },
};

const hello = "Hello, world!\nWhat's up?";
const special = { name: "special_function", arguments: { arg1: 1 } };
const thinking = "I'm\nthinking";

/**
 * Real completions per format, as the engines' parser tests feed them (llama.cpp
 * `tests/test-chat.cpp`, vLLM `tests/tool_parsers/` and `tests/entrypoints/openai/tool_parsers/`,
 * SGLang `test/srt/test_function_call_parser.py`), each case naming its source.
 */
export const formatCases: Record<TextToolCallFormat, FormatCase[]> = {
  hermes: [
    {
      source: "llama.cpp test-chat.cpp, Hermes 2 Pro: message_assist_call",
      text: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Hermes 2 Pro: content then call",
      text: 'Hello, world!\nWhat\'s up?<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
      expected: { content: hello, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Qwen3 / Hermes 2 Pro: thinking then call",
      text: '<think>I\'m\nthinking</think><tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
      expected: { content: null, reasoning: thinking, toolCalls: [special] },
    },
    {
      source: "vLLM tests/tool_parsers/test_hermes_tool_parser.py: parallel calls",
      text: '<tool_call>\n{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n</tool_call>\n<tool_call>\n{"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n</tool_call>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "get_current_weather",
            arguments: { city: "Dallas", state: "TX", unit: "fahrenheit" },
          },
          {
            name: "get_current_weather",
            arguments: { city: "Orlando", state: "FL", unit: "fahrenheit" },
          },
        ],
      },
    },
    // vLLM tests/tool_parsers/test_hermes_tool_parser.py and tests/reasoning/test_qwen3_reasoning_parser.py
    // (v0.30.0), SGLang test_hermes_detector.py and test_function_call_parser.py (v0.5.20), as
    // gathered with their lines by a public fixture importer (scripts/fixtures/qwen3-hermes/imported.py).
    {
      source:
        "vLLM test_hermes_tool_parser.py L117: no newlines inside the tags, irregular spacing",
      text: '<tool_call>{"name": "get_current_temperature","arguments": {"location":"San Francisco, California, United States", "unit": "celsius"}}</tool_call>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "get_current_temperature",
            arguments: { location: "San Francisco, California, United States", unit: "celsius" },
          },
        ],
      },
    },
    {
      source: "vLLM test_hermes_tool_parser.py L227: text, then the call with no separator",
      text: 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>',
      expected: {
        content: "Sure, let me check the weather.",
        toolCalls: [{ name: "get_weather", arguments: { city: "NYC" } }],
      },
    },
    {
      source: "vLLM test_hermes_tool_parser.py L258: two calls with no separator",
      text: '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
      expected: {
        content: null,
        toolCalls: [
          { name: "search", arguments: { q: "cats" } },
          { name: "search", arguments: { q: "dogs" } },
        ],
      },
    },
    {
      source: "vLLM test_hermes_tool_parser.py L83 (issue 19056): a boolean argument",
      text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
      expected: {
        content: null,
        toolCalls: [{ name: "final_answer", arguments: { trigger: true } }],
      },
    },
    {
      source: "vLLM test_qwen3_reasoning_parser.py L108: multi-line reasoning, then the answer",
      text: "<think>This is a reasoning\nsection</think>This is the rest\nThat",
      expected: {
        content: "This is the rest\nThat",
        reasoning: "This is a reasoning\nsection",
        toolCalls: [],
      },
    },
    {
      source: "llama.cpp test-chat.cpp, Hermes 2 Pro: plain answer",
      text: hello,
      expected: { content: hello, toolCalls: [] },
    },
  ],
  "qwen3-coder": [
    {
      source: "llama.cpp test-chat.cpp, Qwen3-Coder XML: message_assist_call",
      text: "<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>",
      tools: [specialFunctionTool],
      expected: { content: null, toolCalls: [special] },
    },
    // llama.cpp tests/test-chat.cpp (v0.5.0) and vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py
    // (v0.30.0), as gathered with their lines by a public fixture importer (scripts/fixtures/qwen3-xml/).
    {
      source: "llama.cpp test-chat.cpp L2176-L2198 (Qwen3.5): two calls, typed by the schema",
      text: "<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>\n1\n</parameter>\n<parameter=arg2>\n2\n</parameter>\n</function>\n</tool_call>",
      tools: [specialFunctionTool, specialWithOptTool],
      expected: {
        content: null,
        toolCalls: [
          { name: "special_function", arguments: { arg1: 1 } },
          { name: "special_function_with_opt", arguments: { arg1: 1, arg2: 2 } },
        ],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L2200-L2219 (Qwen3.5): multi-line code",
      text: '<tool_call>\n<function=python>\n<parameter=code>\ndef hello():\n    print("Hello, world!")\n\nhello()\n</parameter>\n</function>\n</tool_call>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "python",
            arguments: { code: 'def hello():\n    print("Hello, world!")\n\nhello()' },
          },
        ],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L2245-L2273 (Qwen3.5): a value ending in a newline keeps it",
      text: "<tool_call>\n<function=edit>\n<parameter=filename>\nfoo.c\n</parameter>\n<parameter=oldString>\n#iclunde\n</parameter>\n<parameter=newString>\n#include\n\n</parameter>\n</function>\n</tool_call>",
      expected: {
        content: null,
        toolCalls: [
          {
            name: "edit",
            arguments: { filename: "foo.c", oldString: "#iclunde", newString: "#include\n" },
          },
        ],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L2276-L2293 (Qwen3.5): leading indentation kept",
      text: '<tool_call>\n<function=python>\n<parameter=code>\n    print("Hello, world!")\n</parameter>\n</function>\n</tool_call>',
      expected: {
        content: null,
        toolCalls: [{ name: "python", arguments: { code: '    print("Hello, world!")' } }],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L2342-L2352 (Qwen3.5): no arguments",
      text: "<tool_call>\n<function=empty_args>\n</function>\n</tool_call>",
      expected: { content: null, toolCalls: [{ name: "empty_args", arguments: {} }] },
    },
    {
      source: "llama.cpp test-chat.cpp L3559-L3569 (Qwen3-Coder): the opening <tool_call> skipped",
      text: "<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>",
      tools: [specialFunctionTool],
      expected: {
        content: null,
        toolCalls: [{ name: "special_function", arguments: { arg1: 1 } }],
      },
    },
    {
      source:
        "llama.cpp test-chat.cpp L3586-L3612 (Qwen3-Coder): the opening tag skipped, then a second call",
      text: "<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>\n1\n</parameter>\n<parameter=arg2>\n2\n</parameter>\n</function>\n</tool_call>",
      tools: [specialFunctionTool, specialWithOptTool],
      expected: {
        content: null,
        toolCalls: [
          { name: "special_function", arguments: { arg1: 1 } },
          { name: "special_function_with_opt", arguments: { arg1: 1, arg2: 2 } },
        ],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L3664-L3680 (Qwen3-Coder): a CJK value",
      text: "<tool_call>\n<function=python>\n<parameter=code>\n格\n</parameter>\n</function>\n</tool_call>",
      expected: { content: null, toolCalls: [{ name: "python", arguments: { code: "格" } }] },
    },
    {
      source: "llama.cpp test-chat.cpp L3682-L3702 (Qwen3-Coder): markup inside a value",
      text: "<tool_call>\n<function=html>\n<parameter=markup>\n<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>\n</parameter>\n</function>\n</tool_call>",
      expected: {
        content: null,
        toolCalls: [
          {
            name: "html",
            arguments: { markup: "<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>" },
          },
        ],
      },
    },
    {
      source:
        "llama.cpp test-chat.cpp L3704-L3720 (Qwen3-Coder): a list of objects, typed by the schema",
      text: '<tool_call>\n<function=todo_list>\n<parameter=todos>\n[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]\n</parameter>\n</function>\n</tool_call>',
      tools: [todoListTool],
      expected: {
        content: null,
        toolCalls: [
          {
            name: "todo_list",
            arguments: {
              todos: [
                { item: "Check stuff", selected: false },
                { item: "Prepare stuff", selected: true },
              ],
            },
          },
        ],
      },
    },
    {
      source: "vLLM test_qwen3coder_tool_parser.py L270-L295: text straight into the call",
      text: "Sure! Let me check the weather for you.<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
      expected: {
        content: "Sure! Let me check the weather for you.",
        toolCalls: [
          {
            name: "get_current_weather",
            arguments: { city: "Dallas", state: "TX", unit: "fahrenheit" },
          },
        ],
      },
    },
    {
      source:
        "vLLM test_qwen3coder_tool_parser.py L499-L596: anyOf and type lists pick the non-null type",
      text: '<tool_call>\n<function=test_anyof>\n<parameter=anyof_int>\n5\n</parameter>\n<parameter=anyof_str>\nhello\n</parameter>\n<parameter=anyof_array>\n["a", "b", "c"]\n</parameter>\n<parameter=anyof_obj>\n{"key": "value"}\n</parameter>\n<parameter=type_as_array>\n42\n</parameter>\n<parameter=multi_non_null>\nsome text\n</parameter>\n</function>\n</tool_call>',
      tools: [anyOfTool],
      expected: {
        content: null,
        toolCalls: [
          {
            name: "test_anyof",
            arguments: {
              anyof_int: 5,
              anyof_str: "hello",
              anyof_array: ["a", "b", "c"],
              anyof_obj: { key: "value" },
              type_as_array: 42,
              multi_non_null: "some text",
            },
          },
        ],
      },
    },
  ],
  llama3: [
    {
      source: "llama.cpp test-chat.cpp, Llama 3.x: bare JSON call",
      text: '{"name": "special_function", "parameters": {"arg1": 1}}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Llama 3.1: <|python_tag|> call",
      text: '<|python_tag|>{"name": "special_function", "parameters": {"arg1": 1}}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "vLLM tests/tool_parsers/test_llama3_json_tool_parser.py: two calls separated by ;",
      text: '{"name": "searchTool", "parameters": {"query": "test"}}; {"name": "getOpenIncidentsTool", "parameters": {}}',
      expected: {
        content: null,
        toolCalls: [
          { name: "searchTool", arguments: { query: "test" } },
          { name: "getOpenIncidentsTool", arguments: {} },
        ],
      },
    },
    // vLLM tests/tool_parsers/test_llama3_json_tool_parser.py / test_llama4_pythonic_tool_parser.py
    // (v0.30.0), SGLang test_llama32_detector.py (v0.5.20) and issues, as gathered with their lines
    // by a public fixture importer (scripts/fixtures/llama/imported.py).
    {
      source: "vLLM test_llama3_json_tool_parser.py L42-L53: the parameters key",
      text: '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}',
      expected: {
        content: null,
        toolCalls: [{ name: "searchTool", arguments: { query: "test query", limit: 10 } }],
      },
    },
    {
      source: "vLLM test_llama3_json_tool_parser.py L195-L214: braces and brackets inside strings",
      text: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "searchTool",
            arguments: { query: "test {value} [complex]", nested: { inner: "more {brackets}" } },
          },
        ],
      },
    },
    {
      source: "vLLM test_llama3_json_tool_parser.py L217-L231: escaped quotes",
      text: '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
      expected: {
        content: null,
        toolCalls: [{ name: "parserTool", arguments: { text: 'He said "Hello {world}"' } }],
      },
    },
    {
      source: "vLLM test_llama3_json_tool_parser.py L234-L241: JSON without a name is an answer",
      text: '{"parameters": {}}',
      expected: { content: '{"parameters": {}}', toolCalls: [] },
    },
    {
      source: "SGLang test_llama32_detector.py L84-L88: text before <|python_tag|>",
      text: 'Let me check. <|python_tag|>{"name": "get_weather", "arguments": {"city": "Tokyo"}}',
      expected: {
        content: "Let me check.",
        toolCalls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
      },
    },
    {
      source: "SGLang issue 35562: a leading JSON object that is no call stays the answer",
      text: '{"a": 1} is a dict',
      expected: { content: '{"a": 1} is a dict', toolCalls: [] },
    },
    {
      source: "SGLang issue 35562: '{}' stays the answer",
      text: "{}",
      expected: { content: "{}", toolCalls: [] },
    },
    {
      source: "llama.cpp test-chat.cpp, Llama 3.x: plain answer",
      text: hello,
      expected: { content: hello, toolCalls: [] },
    },
  ],
  pythonic: [
    {
      source: "vLLM tests/tool_parsers/test_pythonic_tool_parser.py: simple",
      text: "[get_weather(city='San Francisco', metric='celsius')]",
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { city: "San Francisco", metric: "celsius" } },
        ],
      },
    },
    {
      source:
        "vLLM tests/tool_parsers/test_pythonic_tool_parser.py: more types, then parallel calls",
      text: "[get_weather(city='San Francisco', metric='celsius'), register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { city: "San Francisco", metric: "celsius" } },
          {
            name: "register_user",
            arguments: {
              name: "John Doe",
              age: 37,
              address: { city: "San Francisco", state: "CA" },
              role: null,
              passed_test: true,
              aliases: ["John", "Johnny"],
            },
          },
        ],
      },
    },
    {
      source:
        "vLLM tests/tool_parsers/test_llama4_pythonic_tool_parser.py: <|python_start|> wrapper",
      text: '<|python_start|>[get_weather(city="Paris")]<|python_end|>',
      expected: {
        content: null,
        toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }],
      },
    },
    // vLLM tests/tool_parsers/test_llama3_json_tool_parser.py / test_llama4_pythonic_tool_parser.py
    // (v0.30.0), SGLang test_llama32_detector.py (v0.5.20) and issues, as gathered with their lines
    // by a public fixture importer (scripts/fixtures/llama/imported.py).
    {
      source: "vLLM test_llama4_pythonic_tool_parser.py L39-L43: no arguments",
      text: "[get_weather()]",
      expected: { content: null, toolCalls: [{ name: "get_weather", arguments: {} }] },
    },
    {
      source: "vLLM test_llama4_pythonic_tool_parser.py L54-L60: escaped quotes",
      text: "[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]",
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { city: "Martha's Vineyard", metric: '"cool units"' } },
        ],
      },
    },
    {
      source: "vLLM test_llama4_pythonic_tool_parser.py L163-L170: two calls, no spaces",
      text: "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]",
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { city: "LA", metric: "C" } },
          { name: "register_user", arguments: { name: "Doe", age: 9 } },
        ],
      },
    },
    {
      source: "vLLM issue 56840: an argument name with a leading underscore",
      text: "[search(_limit=5)]",
      expected: { content: null, toolCalls: [{ name: "search", arguments: { _limit: 5 } }] },
    },
    {
      source:
        "tinyloop's own case (a README decision): an answer starting with a bracket that is no call stays text",
      text: "[1] is the first footnote.",
      expected: { content: "[1] is the first footnote.", toolCalls: [] },
    },
  ],
  mistral: [
    {
      source:
        "tinyloop's own case: the issue's [TOOL_CALLS]NAME{…} form (no [ARGS]) after [THINK] and text",
      text: "[THINK]I'm\nthinking[/THINK]Hello, world!\nWhat's up?[TOOL_CALLS]special_function{\"arg1\": 1}",
      expected: { content: hello, reasoning: thinking, toolCalls: [special] },
    },
    {
      source: "tinyloop's own case: the Mistral list alone, its [TOOL_CALLS] token decoded away",
      text: '[{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]',
      expected: { content: null, toolCalls: [special] },
    },
    // vLLM tests/parser/mistral/test_tool_calls.py and test_reasoning.py (v0.30.0), llama.cpp
    // tests/test-chat.cpp (v0.5.0) and an Ollama issue, as gathered with their lines by a public
    // fixture importer (scripts/fixtures/mistral/import_mistral.py).
    {
      source: "vLLM tests/parser/mistral/test_tool_calls.py L359-L369: v0.3 JSON list",
      text: '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]',
      expected: { content: null, toolCalls: [{ name: "add", arguments: { a: 3.5, b: 4 } }] },
    },
    {
      source: "vLLM test_tool_calls.py L384-L397: arguments before the name",
      text: '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "get_current_weather",
            arguments: { city: "San Francisco", state: "CA", unit: "celsius" },
          },
        ],
      },
    },
    {
      source: "vLLM test_tool_calls.py L398-L413: a parameter called name",
      text: '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]',
      expected: {
        content: null,
        toolCalls: [{ name: "get_age", arguments: { name: "John Doe" } }],
      },
    },
    {
      source: "vLLM test_tool_calls.py L414-L432: two calls in the list",
      text: '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
      expected: {
        content: null,
        toolCalls: [
          { name: "add", arguments: { a: 3.5, b: 4 } },
          {
            name: "get_current_weather",
            arguments: { city: "San Francisco", state: "CA", unit: "celsius" },
          },
        ],
      },
    },
    {
      source: "vLLM test_tool_calls.py L433-L443: text before the list",
      text: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]',
      expected: { content: "Hello", toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] },
    },
    {
      source: "vLLM test_tool_calls.py L605-L620: v11 NAME[ARGS]{…}, two calls",
      text: '[TOOL_CALLS]add[ARGS]{"a": 3.5, "b": 4}[TOOL_CALLS]multiply[ARGS]{"a": 3, "b": 6}',
      expected: {
        content: null,
        toolCalls: [
          { name: "add", arguments: { a: 3.5, b: 4 } },
          { name: "multiply", arguments: { a: 3, b: 6 } },
        ],
      },
    },
    {
      source: "vLLM test_tool_calls.py L621-L631: text before a v11 call",
      text: 'hi[TOOL_CALLS]add[ARGS]{"a": 1, "b": 2}',
      expected: { content: "hi", toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] },
    },
    {
      source: "vLLM tests/parser/mistral/test_reasoning.py L156-L163: [THINK] never closed",
      text: "[THINK]r",
      expected: { content: null, reasoning: "r", toolCalls: [] },
    },
    {
      source: "vLLM test_reasoning.py L286-L301: Magistral 2506's plain-text <think>",
      text: "<think>r</think>c",
      expected: { content: "c", reasoning: "r", toolCalls: [] },
    },
    {
      source: "llama.cpp test-chat.cpp L2615-L2622: Ministral 3 reasoning, then a call",
      text: '[THINK]I\'m\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}',
      expected: {
        content: null,
        reasoning: "I'm\nthinking",
        toolCalls: [{ name: "special_function", arguments: { arg1: 1 } }],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L2649-L2661: a call marker inside [THINK] is reasoning",
      text: '[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
      expected: {
        content: null,
        reasoning: 'Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more',
        toolCalls: [{ name: "special_function", arguments: { arg1: 1 } }],
      },
    },
    {
      source: "llama.cpp test-chat.cpp L6250-L6261: Mistral Small 3.2 with [CALL_ID]",
      text: '[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{"arg1": 1, "arg2": 2}',
      expected: {
        content: null,
        toolCalls: [
          { name: "special_function", arguments: { arg1: 1 } },
          { name: "special_function_with_opt", arguments: { arg1: 1, arg2: 2 } },
        ],
      },
    },
    {
      source: "Ollama issue 11470: Devstral, braces inside a JSON string",
      text: '[TOOL_CALLS]file_search[ARGS]{"query":"/{.github/copilot-instructions.md,AGENT.md,AGENTS.md,CLAUDE.md,.cursorrules,.windsurfrules,.clinerules,.cursor/rules/,.windsurf/rules/,.clinerules/,README.md}"}',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "file_search",
            arguments: {
              query:
                "/{.github/copilot-instructions.md,AGENT.md,AGENTS.md,CLAUDE.md,.cursorrules,.windsurfrules,.clinerules,.cursor/rules/,.windsurf/rules/,.clinerules/,README.md}",
            },
          },
        ],
      },
    },
  ],
  deepseek: [
    {
      source: "llama.cpp test-chat.cpp, DeepSeek V3.1: thinking, then NAME<｜tool▁sep｜>{…}",
      text: '<think>I\'m\nthinking</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>special_function<｜tool▁sep｜>{"arg1": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      expected: { content: null, reasoning: thinking, toolCalls: [special] },
    },
    // vLLM tests/tool_parsers/test_deepseekv3_tool_parser.py, test_deepseekv31_tool_parser.py,
    // tests/parser/engine/test_deepseek_v41.py (v0.30.0) and SGLang test_function_call_parser.py
    // (v0.5.20), as gathered with their lines by a public fixture importer (scripts/fixtures/deepseek/imported.py).
    {
      source: "vLLM test_deepseekv3_tool_parser.py L31: two V3 calls, adjacent",
      text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search_hotels\n```json\n{"location": "Tokyo", "check_in": "2025-01-15"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { city: "Tokyo", unit: "celsius" } },
          { name: "search_hotels", arguments: { location: "Tokyo", check_in: "2025-01-15" } },
        ],
      },
    },
    {
      source: "vLLM test_deepseekv3_tool_parser.py L39: every JSON type",
      text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>test_function\n```json\n{"string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": true, "null_field": null, "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}, "empty_array": [], "empty_object": {}}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "test_function",
            arguments: {
              string_field: "hello",
              int_field: 42,
              float_field: 3.14,
              bool_field: true,
              null_field: null,
              array_field: ["a", "b", "c"],
              object_field: { nested: "value" },
              empty_array: [],
              empty_object: {},
            },
          },
        ],
      },
    },
    {
      source: "vLLM test_deepseekv3_tool_parser.py L61: escaped strings",
      text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>send_message\n```json\n{"text": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file", "newline": "line1\\nline2"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "send_message",
            arguments: {
              text: 'He said "hello"',
              path: "C:\\Users\\file",
              newline: "line1\nline2",
            },
          },
        ],
      },
    },
    {
      source: "vLLM test_deepseekv31_tool_parser.py L25: V3.1, text before the call",
      text: 'normal text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      expected: { content: "normal text", toolCalls: [{ name: "foo", arguments: { x: 1 } }] },
    },
    {
      source: "SGLang TestDeepSeekV32Detector L1802: V3.2 DSML, an invoke without parameters",
      text: 'Let me get the current date for you.\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_date">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
      expected: {
        content: "Let me get the current date for you.",
        toolCalls: [{ name: "get_date", arguments: {} }],
      },
    },
    {
      source: "SGLang TestDeepSeekV4Detector L2258: V4's self-closing invoke",
      text: '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜tool_calls>',
      expected: { content: null, toolCalls: [{ name: "submit", arguments: {} }] },
    },
    {
      source:
        "vLLM tests/parser/engine/test_deepseek_v41.py L59: V4.1 DSML with a space, typed parameters",
      text: 'Checking.\n\n<｜DSML｜ calls>\n<｜DSML｜ invoke name="get_weather">\n<｜DSML｜ parameter name="city" string="true">杭州</｜DSML｜ parameter>\n<｜DSML｜ parameter name="count" string="false">42</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n<｜DSML｜ invoke name="add">\n<｜DSML｜ parameter name="x" string="false">1.5</｜DSML｜ parameter>\n<｜DSML｜ parameter name="y" string="false">2.25</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n</｜DSML｜ calls>',
      expected: {
        content: "Checking.",
        toolCalls: [
          { name: "get_weather", arguments: { city: "杭州", count: 42 } },
          { name: "add", arguments: { x: 1.5, y: 2.25 } },
        ],
      },
    },
  ],
  "gpt-oss": [
    {
      source:
        "llama.cpp test-chat.cpp, GPT-OSS: analysis then a commentary call (the <|call|> stop token dropped)",
      text: '<|channel|>analysis<|message|>I\'m\nthinking<|end|><|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}',
      expected: { content: null, reasoning: thinking, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, GPT-OSS: analysis then the final channel",
      text: "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello, world!\nWhat's up?",
      expected: { content: hello, reasoning: thinking, toolCalls: [] },
    },
    {
      source:
        "vLLM tests/tool_parsers/test_openai_tool_parser.py: to= in the header, before the channel",
      text: '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant to=functions.get_current_weather<|channel|>commentary json<|message|>{"location": "Tokyo"}<|call|>',
      expected: {
        content: null,
        reasoning: "Need weather.",
        toolCalls: [{ name: "get_current_weather", arguments: { location: "Tokyo" } }],
      },
    },
    // The next ones: vLLM tests/parser/test_harmony.py and llama.cpp tests/test-chat.cpp (v0.5.0),
    // the Harmony library's tests and format spec, as gathered with their lines by a public
    // fixture importer (scripts/fixtures/gpt-oss/import_gpt_oss.py).
    {
      source:
        "vLLM tests/parser/test_harmony.py L580-L612: recipient in the role, constrain with no space",
      text: '<|channel|>analysis<|message|>Thinking<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary<|constrain|>json<|message|>{"location": "Paris"}<|call|>',
      expected: {
        content: null,
        reasoning: "Thinking",
        toolCalls: [{ name: "get_weather", arguments: { location: "Paris" } }],
      },
    },
    {
      source:
        "vLLM tests/parser/test_harmony.py L490-L505: a commentary preamble, the call closed by <|end|>",
      text: '<|channel|>commentary<|message|>Let me check the weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary<|message|>{"location": "SF"}<|end|>',
      expected: {
        content: "Let me check the weather.",
        toolCalls: [{ name: "get_weather", arguments: { location: "SF" } }],
      },
    },
    {
      source: "vLLM tests/parser/test_harmony.py L723-L745: two calls in sequence",
      text: '<|channel|>analysis<|message|>Thinking<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary<|constrain|>json<|message|>{"location": "Paris"}<|call|><|start|>assistant to=functions.get_time<|channel|>commentary<|constrain|>json<|message|>{"timezone": "UTC"}<|call|>',
      expected: {
        content: null,
        reasoning: "Thinking",
        toolCalls: [
          { name: "get_weather", arguments: { location: "Paris" } },
          { name: "get_time", arguments: { timezone: "UTC" } },
        ],
      },
    },
    {
      source: "vLLM tests/parser/test_harmony.py L703-L718: a call, then the final channel",
      text: '<|channel|>analysis<|message|>Reasoning about query...<|end|><|start|>assistant to=functions.search<|channel|>commentary<|constrain|>json<|message|>{"query": "vllm"}<|call|><|start|>assistant<|channel|>final<|message|>Done',
      expected: {
        content: "Done",
        reasoning: "Reasoning about query...",
        toolCalls: [{ name: "search", arguments: { query: "vllm" } }],
      },
    },
    {
      source:
        "llama.cpp test-chat.cpp L6437-L6442: a functions recipient on the analysis channel is a call",
      text: '<|channel|>analysis to=functions.special_function<|message|>{"arg1": 1}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source:
        "llama.cpp test-chat.cpp L6444-L6449: the output starts after <|start|>assistant with the recipient",
      text: ' to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp L6467-L6502: code in the arguments",
      text: '<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary to=functions.edit <|constrain|>json<|message|>{"oldString": "if (part < railCount - 1) {", "newString": "if (part < 4) {", "replaceAll": false}',
      expected: {
        content: null,
        reasoning: "Thinking about edit...",
        toolCalls: [
          {
            name: "edit",
            arguments: {
              oldString: "if (part < railCount - 1) {",
              newString: "if (part < 4) {",
              replaceAll: false,
            },
          },
        ],
      },
    },
    {
      source:
        "llama.cpp test-chat.cpp L6540-L6546: a stray 'commentary to=assistant' header is no call",
      text: "<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello, world!\nWhat's up?",
      expected: { content: hello, reasoning: thinking, toolCalls: [] },
    },
    {
      source:
        "openai/harmony docs/format.md L468-L474: a preamble with an action plan, then a call",
      text: '<|channel|>analysis<|message|>{long chain of thought}<|end|><|start|>assistant<|channel|>commentary<|message|>**Action plan**:\n1. Generate an HTML file\n---\nWill start executing the plan step by step<|end|><|start|>assistant<|channel|>commentary to=functions.generate_file<|constrain|>json<|message|>{"template": "basic_html", "path": "index.html"}<|call|>',
      expected: {
        content:
          "**Action plan**:\n1. Generate an HTML file\n---\nWill start executing the plan step by step",
        reasoning: "{long chain of thought}",
        toolCalls: [
          { name: "generate_file", arguments: { template: "basic_html", path: "index.html" } },
        ],
      },
    },
  ],
  gemma4: [
    // vLLM tests/tool_parsers/test_gemma4_tool_parser.py and tests/reasoning/test_gemma4_reasoning_parser.py
    // (v0.30.0), SGLang test_function_call_parser.py TestGemma4Detector (v0.5.20), Ollama issue
    // 18390, as gathered with their lines by a public fixture importer (scripts/fixtures/gemma4/imported.py).
    {
      source: "vLLM test_gemma4_tool_parser.py L308: several arguments",
      text: '<|tool_call>call:get_weather{location:<|"|>San Francisco<|"|>,unit:<|"|>celsius<|"|>}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { location: "San Francisco", unit: "celsius" } },
        ],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L323: text before the call",
      text: 'Let me check the weather for you. <|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>',
      expected: {
        content: "Let me check the weather for you.",
        toolCalls: [{ name: "get_weather", arguments: { location: "Paris" } }],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L336: two calls",
      text: '<|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|><|tool_call>call:get_time{location:<|"|>London<|"|>}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { location: "London" } },
          { name: "get_time", arguments: { location: "London" } },
        ],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L350: nested object and list",
      text: '<|tool_call>call:complex_function{nested:{inner:<|"|>value<|"|>},list:[<|"|>a<|"|>,<|"|>b<|"|>]}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          { name: "complex_function", arguments: { nested: { inner: "value" }, list: ["a", "b"] } },
        ],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L365: numbers and a boolean",
      text: "<|tool_call>call:set_status{is_active:true,count:42,score:3.14}<tool_call|>",
      expected: {
        content: null,
        toolCalls: [{ name: "set_status", arguments: { is_active: true, count: 42, score: 3.14 } }],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L392 and L402: hyphenated and dotted names",
      text: '<|tool_call>call:get-weather{location:<|"|>London<|"|>}<tool_call|><|tool_call>call:weather.get{location:<|"|>London<|"|>}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          { name: "get-weather", arguments: { location: "London" } },
          { name: "weather.get", arguments: { location: "London" } },
        ],
      },
    },
    {
      source: "vLLM test_gemma4_tool_parser.py L412: no arguments",
      text: "<|tool_call>call:get_status{}<tool_call|>",
      expected: { content: null, toolCalls: [{ name: "get_status", arguments: {} }] },
    },
    {
      source: "vLLM test_gemma4_reasoning_parser.py L118: the thought channel",
      text: "<|channel>thought\nLine1\nLine2<channel|>Answer",
      expected: { content: "Answer", reasoning: "Line1\nLine2", toolCalls: [] },
    },
    {
      source: "SGLang TestGemma4Detector L5546: text around the call",
      text: 'Some text before <|tool_call>call:get_weather{location:<|"|>Tokyo<|"|>}<tool_call|> after',
      expected: {
        content: "Some text before  after",
        toolCalls: [{ name: "get_weather", arguments: { location: "Tokyo" } }],
      },
    },
    {
      source: "SGLang TestGemma4Detector L5579: a nested list with spaces",
      text: '<|tool_call>call:get_weather{location:<|"|>New York<|"|>,nested:[1, 2, {inner:<|"|>val<|"|>}]}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "get_weather",
            arguments: { location: "New York", nested: [1, 2, { inner: "val" }] },
          },
        ],
      },
    },
    {
      source: "Ollama issue 18390: a bare key with spaces (Ollama dropped the whole call)",
      text: '<|tool_call>call:create_workflow{name:<|"|>Demo<|"|>, connections:{Basic LLM Chain:{main:[[{node:<|"|>X<|"|>, type:<|"|>main<|"|>, index:0}]]}}}<tool_call|>',
      expected: {
        content: null,
        toolCalls: [
          {
            name: "create_workflow",
            arguments: {
              name: "Demo",
              connections: {
                "Basic LLM Chain": { main: [[{ node: "X", type: "main", index: 0 }]] },
              },
            },
          },
        ],
      },
    },
  ],
  functiongemma: [
    {
      source: "vLLM tests/tool_parsers/test_functiongemma_tool_parser.py",
      text: "<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>",
      expected: {
        content: null,
        toolCalls: [{ name: "get_weather", arguments: { location: "London" } }],
      },
    },
    {
      source:
        "tinyloop's own case: two FunctionGemma calls with nested values, in the formatting guide's syntax",
      text: "<start_function_call>call:get_weather{location:<escape>Tokyo<escape>}<end_function_call><start_function_call>call:get_stock_price{symbol:<escape>GOOG<escape>,options:{currency:<escape>USD<escape>,days:[1,2]}}<end_function_call>",
      expected: {
        content: null,
        toolCalls: [
          { name: "get_weather", arguments: { location: "Tokyo" } },
          {
            name: "get_stock_price",
            arguments: { symbol: "GOOG", options: { currency: "USD", days: [1, 2] } },
          },
        ],
      },
    },
  ],
  "kimi-k2": [
    // vLLM tests/tool_parsers/test_kimi_k2_tool_parser.py (v0.30.0), as gathered with their lines
    // by a public fixture importer (scripts/fixtures/kimi/imported.py).
    {
      source:
        "vLLM test_kimi_k2_tool_parser.py L59-L66: text before one call (the test helper's space after the id)",
      text: 'I\'ll check. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|><|tool_calls_section_end|>',
      expected: {
        content: "I'll check.",
        toolCalls: [{ name: "get_weather", arguments: { city: "Beijing" } }],
      },
    },
    {
      source: "vLLM test_kimi_k2_tool_parser.py L78-L96: three calls",
      text: 'Multiple tasks. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "New York"}<|tool_call_end|><|tool_call_begin|>functions.get_news:1 <|tool_call_argument_begin|>{"topic": "technology"}<|tool_call_end|><|tool_call_begin|>functions.send_email:2 <|tool_call_argument_begin|>{"to": "user@example.com", "subject": "Daily Update"}<|tool_call_end|><|tool_calls_section_end|>',
      expected: {
        content: "Multiple tasks.",
        toolCalls: [
          { name: "get_weather", arguments: { city: "New York" } },
          { name: "get_news", arguments: { topic: "technology" } },
          { name: "send_email", arguments: { to: "user@example.com", subject: "Daily Update" } },
        ],
      },
    },
    {
      source: "vLLM test_kimi_k2_tool_parser.py L107-L119: multi-line JSON arguments",
      text: 'Formatted. <|tool_calls_section_begin|><|tool_call_begin|>functions.process_data:0 <|tool_call_argument_begin|>{\n  "name": "test",\n  "value": 123\n}<|tool_call_end|><|tool_calls_section_end|>',
      expected: {
        content: "Formatted.",
        toolCalls: [{ name: "process_data", arguments: { name: "test", value: 123 } }],
      },
    },
    {
      source: "vLLM test_kimi_k2_tool_parser.py L120-L126: an id without the functions. prefix",
      text: 'No prefix. <|tool_calls_section_begin|><|tool_call_begin|>get_weather:0 <|tool_call_argument_begin|>{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
      expected: {
        content: "No prefix.",
        toolCalls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
      },
    },
    {
      source: "vLLM test_kimi_k2_tool_parser.py L370-L386: noise inside the section is not content",
      text: 'Reasoning. <|tool_calls_section_begin|> spurious noise <|tool_call_begin|>functions.test:0 <|tool_call_argument_begin|>{"k": "v"} <|tool_call_end|><|tool_calls_section_end|>',
      expected: { content: "Reasoning.", toolCalls: [{ name: "test", arguments: { k: "v" } }] },
    },
    {
      source: "vLLM test_kimi_k2_tool_parser.py L388-L393: an empty section is no call",
      text: "Reasoning. <|tool_calls_section_begin|><|tool_calls_section_end|>",
      expected: { content: "Reasoning.", toolCalls: [] },
    },
    {
      source:
        "vLLM test_kimi_k2_tool_parser.py L435-L458: text after the section is kept (vLLM drops it)",
      text: 'Before. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Tokyo"} <|tool_call_end|><|tool_calls_section_end|> After tools.',
      expected: {
        content: "Before.  After tools.",
        toolCalls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
      },
    },
  ],
  "command-r7b": [
    {
      source: "llama.cpp test-chat.cpp, Command R7B: thinking then action",
      text: '<|START_THINKING|>I\'m\nthinking<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]<|END_ACTION|>',
      expected: { content: null, reasoning: thinking, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Command R7B: response block",
      text: "<|START_RESPONSE|>Hello, world!\nWhat's up?<|END_RESPONSE|>",
      expected: { content: hello, toolCalls: [] },
    },
  ],
  granite: [
    {
      source: "llama.cpp test-chat.cpp, Granite: <|tool_call|> list",
      text: '<|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}]',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Granite 3.3: thinking and a response block",
      text: "<think>I'm\nthinking</think><response>Hello, world!\nWhat's up?</response>",
      expected: { content: hello, reasoning: thinking, toolCalls: [] },
    },
  ],
  "phi-4-mini": [
    {
      source: "vLLM tests/tool_parsers/test_phi4mini_tool_parser.py",
      text: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
      expected: {
        content: null,
        toolCalls: [{ name: "get_weather", arguments: { city: "Tokyo" } }],
      },
    },
  ],
  "functionary-v3.1": [
    {
      source: "llama.cpp test-chat.cpp, Functionary v3.1 (Llama 3.1)",
      text: '<function=special_function>{"arg1": 1}</function>',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Functionary v3.1: text before the call",
      text: 'Hello, world!\nWhat\'s up?<function=special_function>{"arg1": 1}</function>',
      expected: { content: hello, toolCalls: [special] },
    },
  ],
  "functionary-v3.2": [
    {
      source: "llama.cpp test-chat.cpp (Functionary v3.2 peg tests): >>>NAME then the arguments",
      text: '>>>special_function\n{"arg1": 1}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp (Functionary v3.2 peg tests): >>>all, text to the user",
      text: ">>>all\nHello, world!\nWhat's up?",
      expected: { content: hello, toolCalls: [] },
    },
    {
      source:
        "tinyloop's own case: without the leading >>> (the prompt ended with it), text then a call",
      text: 'all\nHello, world!\nWhat\'s up?>>>special_function\n{"arg1": 1}',
      expected: { content: hello, toolCalls: [special] },
    },
  ],
  "firefunction-v2": [
    {
      source: "llama.cpp test-chat.cpp, FireFunction v2",
      text: ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]',
      expected: { content: null, toolCalls: [special] },
    },
  ],
  generic: [
    {
      source: "llama.cpp test-chat.cpp, Generic: tool_calls list",
      text: '{\n  "tool_calls": [\n    {\n      "name": "special_function",\n      "arguments": {\n        "arg1": 1\n      },\n      "id": "123456789"\n    }\n  ]\n}',
      expected: { content: null, toolCalls: [special] },
    },
    {
      source: "llama.cpp test-chat.cpp, Generic: response",
      text: '{\n  "response": "Hello, world!\\nWhat\'s up?"\n}',
      expected: { content: hello, toolCalls: [] },
    },
    {
      source:
        "tinyloop's own case: a single tool_call object, which llama.cpp's generic schema allows",
      text: '{"tool_call": {"name": "special_function", "arguments": {"arg1": 1}}}',
      expected: { content: null, toolCalls: [special] },
    },
  ],
};
