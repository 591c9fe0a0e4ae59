import { readLooseValue } from "../loose-value.js";
import { callFromObject, cutOffCall } from "../read-arguments.js";
import { guessCallName } from "../read-call-json.js";
import { thinkBlock } from "../render-tools.js";
import type { TextFormat, TextPiece, TextToolCall } from "../text-format.js";
import { parseCallList } from "./pythonic.js";

/**
 * Llama 3.1 / 3.2 / 3.3 JSON calls: `{"name": …, "parameters": {…}}` alone, several separated
 * by `;`, or after and between sentences (vLLM, which serves Llama 3 in practice, reads them
 * there); an object without `parameters`/`arguments` is no call. `<|python_tag|>` carries JSON
 * calls or the built-in tools' `python.call(code="…")` form.
 */
export const llama3Format: TextFormat = {
  name: "llama3",
  markers: [
    thinkBlock,
    {
      kind: "call",
      start: "<|python_tag|>",
      end: ["<|eom_id|>", "<|eot_id|>"],
      parse: parsePythonTag,
    },
    {
      kind: "call",
      start: "{",
      anchored: true,
      parse: (inner) => parseJsonCalls(`{${inner}`),
    },
    { kind: "call", start: '{"name"', parse: (inner) => parseJsonCalls(`{"name"${inner}`) },
  ],
  renderTools: (tools) =>
    [
      "Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.",
      "",
      'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables.',
      "",
      ...tools.map((tool) =>
        JSON.stringify(
          {
            type: "function",
            function: {
              name: tool.name,
              description: tool.description,
              parameters: tool.inputSchema,
            },
          },
          null,
          4,
        ),
      ),
    ].join("\n\n"),
  renderCalls: (calls) =>
    calls.map((call) => JSON.stringify({ name: call.name, parameters: call.arguments })).join("; "),
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};

/**
 * Call objects anywhere in `text`, the text around them kept as answer text. A `{` that does
 * not open a call object is text; a call object that cannot be read (cut off, broken JSON) is
 * an INVALID_ARGUMENTS call and ends the reading.
 */
export function parseJsonCalls(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let textFrom = 0;
  let at = text.indexOf("{");
  while (at >= 0) {
    const read = readLooseValue(text, at);
    const call = read.ok ? llamaCall(read.value) : undefined;
    if (call || (!read.ok && /^\{\s*"name"\s*:/.test(text.slice(at)))) {
      if (at > textFrom) pieces.push({ type: "text", text: text.slice(textFrom, at) });
      if (!call) {
        const rest = text.slice(at);
        pieces.push({ type: "call", call: cutOffCall(guessCallName(rest), rest.trim()) });
        return pieces;
      }
      pieces.push({ type: "call", call });
      textFrom = read.ok ? read.end : text.length;
      // `;` between calls is no answer text.
      const separator = /^\s*;/.exec(text.slice(textFrom));
      if (separator) textFrom += separator[0].length;
    }
    at = text.indexOf("{", read.ok && call ? textFrom : at + 1);
  }
  if (textFrom < text.length) pieces.push({ type: "text", text: text.slice(textFrom) });
  return pieces;
}

/** A Llama 3 call object: a name and `parameters` (or `arguments`); anything else is no call. */
function llamaCall(value: unknown): TextToolCall | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (!("parameters" in value) && !("arguments" in value)) return undefined;
  return callFromObject(value);
}

/** After `<|python_tag|>`: JSON calls, or a built-in tool's `NAME.call(key="…")`. */
function parsePythonTag(inner: string): TextPiece[] {
  if (!/^\s*[A-Za-z_]\w*\.call\(/.test(inner)) return parseJsonCalls(inner);
  return parseCallList(inner, false).map((piece) =>
    piece.type === "call"
      ? { ...piece, call: { ...piece.call, name: piece.call.name.replace(/\.call$/, "") } }
      : piece,
  );
}
