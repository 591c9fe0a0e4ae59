import type { EngineCase } from "./engine-case.js";

const vllm4 = "vllm-project/vllm tests/tool_parsers/test_granite4_tool_parser.py";
const vllmHermes =
  "vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (run with Granite4ToolParser)";
const bbox = {
  coordinates: [
    [23.54, 43.1],
    [-12.2, 54.3],
    [4, 5],
  ],
  coordinate_type: "latlong",
};
const bboxText = JSON.stringify({ name: "find_bbox", arguments: JSON.stringify(bbox) });
const stock = { symbol: "AAPL", start_date: "2021-01-01", end_date: "2021-12-31" };

/** Granite 3 (`<|tool_call|>[…]`) and Granite 4, which writes Hermes-style `<tool_call>` blocks. */
export const graniteCases: EngineCase[] = [
  {
    source: `${vllm4} test_tool_call_parser_complex (string arguments, prose between calls)`,
    text: `Here goes the bbox call: \n<tool_call> ${bboxText} </tool_call> Now the stock price call: \n <tool_call> ${JSON.stringify({ name: "get_stock_price", arguments: stock })} </tool_call> Now another bbox call: \n <tool_call> ${bboxText} </tool_call> See? I'm a helpful assistant.`,
    calls: [
      { name: "find_bbox", arguments: bbox },
      { name: "get_stock_price", arguments: stock },
      { name: "find_bbox", arguments: bbox },
    ],
  },
  {
    source: `${vllm4} test_streaming_preserves_content_between_complete_tool_calls`,
    text: '<tool_call> {"name": "find_bbox", "arguments": {}} </tool_call>some explanation <tool_call> {"name": "get_stock_price", "arguments": {}} </tool_call>',
    calls: [
      { name: "find_bbox", arguments: {} },
      { name: "get_stock_price", arguments: {} },
    ],
  },
  {
    source: `${vllmHermes} test_hermes_parser_non_streaming_no_tool_call`,
    text: "This is not a tool call.",
    calls: [],
  },
  {
    source: `${vllmHermes} test_hermes_parser_non_streaming_tool_call_between_tags`,
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  {
    source: `${vllmHermes} test_hermes_parser_non_streaming_tool_call_invalid_json`,
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
    calls: [],
  },
  {
    source: `${vllmHermes} test_hermes_parser_non_streaming_serialized_arguments`,
    text: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    calls: [{ name: "get_db_config", arguments: { param: "max_connections" } }],
  },
];
