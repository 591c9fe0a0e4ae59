import type { TextFormat } from "../text-format.js";
import { gemmaLiteral, parseGemmaCall } from "./gemma-literal.js";

const quote = '<|"|>';

/**
 * Gemma 4: `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:5}<tool_call|>`, strings between
 * `<|"|>` tokens and keys bare; tools declared as `<|tool>declaration:NAME{…}<tool|>`,
 * results as `<|tool_response>response:NAME{…}<tool_response|>`. Reasoning in
 * `<|channel>thought…<channel|>`.
 */
export const gemma4Format: TextFormat = {
  name: "gemma4",
  markers: [
    { kind: "reasoning", start: "<|channel>thought", end: ["<channel|>"] },
    {
      kind: "call",
      start: "<|tool_call>",
      end: ["<tool_call|>"],
      parse: (inner, context) => parseGemmaCall(inner, context, quote),
    },
  ],
  renderTools: (tools) =>
    tools
      .map(
        (tool) =>
          `<|tool>declaration:${tool.name}${gemmaLiteral({ description: tool.description, parameters: tool.inputSchema }, quote)}<tool|>`,
      )
      .join(""),
  renderCalls: (calls) =>
    calls
      .map(
        (call) =>
          `<|tool_call>call:${call.name}${gemmaLiteral(call.arguments ?? {}, quote)}<tool_call|>`,
      )
      .join(""),
  renderResults: (results) =>
    results
      .map(
        (result) =>
          `<|tool_response>response:${result.name}${gemmaLiteral({ value: result.text }, quote)}<tool_response|>`,
      )
      .join(""),
};
