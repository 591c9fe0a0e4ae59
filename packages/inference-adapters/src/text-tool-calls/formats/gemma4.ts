import type { BlockContext, MarkerRule, TextFormat, TextPiece } from "../text-format.js";
import { gemmaCallEnd, gemmaLiteral, parseGemmaCall } from "./gemma-literal.js";

const quote = '<|"|>';
// Gemma 4 sometimes closes a call with the end of its turn instead.
const callEnds = ["<tool_call|>", "<turn|>"];

/** A call block that ends where its literal closes (vLLM reads these variants). */
function bareCall(start: string, anchored: boolean, lead: string): MarkerRule {
  return {
    kind: "call",
    start,
    anchored,
    endAt: (inner) => gemmaCallEnd(inner, quote, callEnds, true),
    parse: (inner, context) =>
      /^[\w.-]+\s*\{/.test(inner)
        ? [
            ...(lead ? [{ type: "text" as const, text: lead }] : []),
            ...parseCall(`call:${inner}`, context),
          ]
        : [{ type: "text", text: `${start}${inner}` }],
  };
}

function parseCall(inner: string, context: BlockContext): TextPiece[] {
  const end = callEnds.find((marker) => inner.endsWith(marker));
  const body = end ? inner.slice(0, -end.length) : inner;
  return parseGemmaCall(
    body,
    { ...context, complete: context.complete || end !== undefined },
    quote,
  );
}

/**
 * Gemma 4: `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:5}<tool_call|>`, strings between
 * `<|"|>` tokens and keys bare; tools declared as `<|tool>declaration:NAME{…}<tool|>`,
 * results as `<|tool_response>response:NAME{…}<tool_response|>`. Reasoning in
 * `<|channel>thought…<channel|>`. Variants real Gemma 4 output has (vLLM reads them all): the
 * call closed by `<turn|>` or not closed at all, `<|tool_call>:call:…`, and the open marker
 * lost — `call:NAME{…}` where the answer starts (also right after the thought channel) or a
 * line starts, and `<call>NAME{…}`.
 */
export const gemma4Format: TextFormat = {
  name: "gemma4",
  markers: [
    { kind: "reasoning", start: "<|channel>thought", end: ["<channel|>"] },
    {
      kind: "call",
      start: "<|tool_call>",
      endAt: (inner) => gemmaCallEnd(inner, quote, callEnds),
      parse: parseCall,
    },
    bareCall("call:", true, ""),
    bareCall("\ncall:", false, "\n"),
    bareCall("<call>", false, ""),
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
