import { jsonCallPieces } from "../read-call-json.js";
import { plainToolJson, thinkBlock } from "../render-tools.js";
import type { TextFormat } from "../text-format.js";
import { parseJsonListAfterMarker } from "./json-list-after-marker.js";

/**
 * IBM Granite 3.x: `<|tool_call|>[{"name": …, "arguments": {…}}]`; Granite 3.3 reasons in
 * `<think>…</think>` and answers in `<response>…</response>`. Granite 4 writes Hermes-style
 * `<tool_call>{…}</tool_call>` blocks (its arguments often a JSON string, decoded once).
 */
export const graniteFormat: TextFormat = {
  name: "granite",
  markers: [
    thinkBlock,
    { kind: "call", start: "<|tool_call|>", parse: parseJsonListAfterMarker },
    {
      kind: "call",
      start: "<tool_call>",
      end: ["</tool_call>"],
      parse: (inner, { complete }) => jsonCallPieces(inner, complete),
    },
    { kind: "drop", start: "<response>" },
    { kind: "drop", start: "</response>" },
  ],
  renderTools: (tools) =>
    [
      "You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.",
      "",
      `[${tools.map(plainToolJson).join(",\n")}]`,
    ].join("\n"),
  renderCalls: (calls) =>
    `<|tool_call|>${JSON.stringify(calls.map((call) => ({ name: call.name, arguments: call.arguments ?? {} })))}`,
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};
