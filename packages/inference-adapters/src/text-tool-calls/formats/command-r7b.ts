import { jsonCallPieces } from "../read-call-json.js";
import { plainToolJson } from "../render-tools.js";
import type { TextFormat } from "../text-format.js";

/**
 * Command R7B: `<|START_THINKING|>…<|END_THINKING|>` reasoning, then
 * `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": …, "parameters": {…}}]<|END_ACTION|>`
 * or the answer in `<|START_RESPONSE|>…<|END_RESPONSE|>`. Results go back in
 * `<|START_TOOL_RESULT|>…<|END_TOOL_RESULT|>`.
 */
export const commandR7bFormat: TextFormat = {
  name: "command-r7b",
  markers: [
    { kind: "reasoning", start: "<|START_THINKING|>", end: ["<|END_THINKING|>"] },
    {
      kind: "call",
      start: "<|START_ACTION|>",
      end: ["<|END_ACTION|>"],
      parse: (inner, { complete }) => jsonCallPieces(inner, complete),
    },
    { kind: "drop", start: "<|START_RESPONSE|>" },
    { kind: "drop", start: "<|END_RESPONSE|>" },
  ],
  renderTools: (tools) =>
    [
      "## Available Tools",
      "Here is a list of tools that you have available to you.",
      "You can ONLY use the tools listed here. When a tool is not listed below, it is NOT available to you.",
      "",
      "```json",
      `[${tools.map(plainToolJson).join(",\n")}]`,
      "```",
      "",
      'To call tools, write <|START_ACTION|>[{"tool_call_id": "0", "tool_name": "NAME", "parameters": {…}}]<|END_ACTION|>.',
    ].join("\n"),
  renderCalls: (calls) =>
    `<|START_ACTION|>${JSON.stringify(calls.map((call, index) => ({ tool_call_id: String(index), tool_name: call.name, parameters: call.arguments ?? {} })))}<|END_ACTION|>`,
  renderResults: (results) =>
    `<|START_TOOL_RESULT|>${JSON.stringify(results.map((result, index) => ({ tool_call_id: String(index), results: { "0": result.text }, is_error: result.isError || null })))}<|END_TOOL_RESULT|>`,
};
