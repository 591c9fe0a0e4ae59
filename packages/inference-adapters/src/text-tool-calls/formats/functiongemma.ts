import type { TextFormat } from "../text-format.js";
import { gemmaLiteral, parseGemmaCall } from "./gemma-literal.js";

const escapeToken = "<escape>";

/**
 * FunctionGemma (Gemma 3 270M tuned for calls): `<start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>`,
 * tools as `<start_function_declaration>declaration:NAME{…}<end_function_declaration>`,
 * results as `<start_function_response>response:NAME{…}<end_function_response>`.
 */
export const functionGemmaFormat: TextFormat = {
  name: "functiongemma",
  markers: [
    {
      kind: "call",
      start: "<start_function_call>",
      end: ["<end_function_call>"],
      parse: (inner, context) => parseGemmaCall(inner, context, escapeToken),
    },
  ],
  renderTools: (tools) =>
    [
      "You are a model that can do function calling with the following functions",
      ...tools.map(
        (tool) =>
          `<start_function_declaration>declaration:${tool.name}${gemmaLiteral({ description: tool.description, parameters: tool.inputSchema }, escapeToken)}<end_function_declaration>`,
      ),
    ].join(""),
  renderCalls: (calls) =>
    calls
      .map(
        (call) =>
          `<start_function_call>call:${call.name}${gemmaLiteral(call.arguments ?? {}, escapeToken)}<end_function_call>`,
      )
      .join(""),
  renderResults: (results) =>
    results
      .map(
        (result) =>
          `<start_function_response>response:${result.name}${gemmaLiteral({ value: result.text }, escapeToken)}<end_function_response>`,
      )
      .join(""),
};
