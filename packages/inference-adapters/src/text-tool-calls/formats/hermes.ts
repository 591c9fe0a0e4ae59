import { jsonCallPieces } from "../read-call-json.js";
import { openAIToolJson, thinkBlock } from "../render-tools.js";
import type { TextFormat } from "../text-format.js";

/**
 * Hermes 2 Pro / 3, Qwen 2.5, QwQ, Qwen 3: `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`,
 * tools listed in `<tools></tools>` in the system turn, results in `<tool_response>` blocks
 * of a user turn (the Qwen 2.5 chat template's shape).
 */
export const hermesFormat: TextFormat = {
  name: "hermes",
  markers: [
    thinkBlock,
    {
      kind: "call",
      start: "<tool_call>",
      end: ["</tool_call>"],
      parse: (inner, { complete }) => jsonCallPieces(inner, complete),
    },
  ],
  renderTools: (tools) =>
    [
      "# Tools",
      "",
      "You may call one or more functions to assist with the user query.",
      "",
      "You are provided with function signatures within <tools></tools> XML tags:",
      "<tools>",
      ...tools.map(openAIToolJson),
      "</tools>",
      "",
      "For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:",
      "<tool_call>",
      '{"name": <function-name>, "arguments": <args-json-object>}',
      "</tool_call>",
    ].join("\n"),
  renderCalls: (calls) =>
    calls
      .map(
        (call) =>
          `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`,
      )
      .join("\n"),
  renderResults: (results) =>
    results.map((result) => `<tool_response>\n${result.text}\n</tool_response>`).join("\n"),
};
