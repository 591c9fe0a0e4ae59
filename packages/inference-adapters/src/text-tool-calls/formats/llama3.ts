import { readLooseValue } from "../loose-value.js";
import { callFromObject, cutOffCall } from "../read-arguments.js";
import { guessCallName } from "../read-call-json.js";
import { thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

/**
 * Llama 3.1 / 3.2 / 3.3 JSON calls: `{"name": …, "parameters": {…}}` as the whole answer
 * (several separated by `;`), or after `<|python_tag|>`. Bare JSON counts only where the
 * answer starts with it: JSON later in prose is prose.
 */
export const llama3Format: TextFormat = {
  name: "llama3",
  markers: [
    thinkBlock,
    {
      kind: "call",
      start: "<|python_tag|>",
      end: ["<|eom_id|>", "<|eot_id|>"],
      parse: parseJsonCalls,
    },
    {
      kind: "call",
      start: "{",
      anchored: true,
      parse: (inner, context) => parseJsonCalls(`{${inner}`, context),
    },
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
 * JSON call objects one after another (`;`, `,` or whitespace between). What is not a call
 * object is answer text; a call object the completion cut off is an INVALID_ARGUMENTS call.
 */
export function parseJsonCalls(inner: string, _context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  let position = 0;
  for (;;) {
    while (position < inner.length && /[\s;,]/.test(inner[position]!)) position++;
    if (position >= inner.length) return pieces;
    if (inner[position] !== "{") break;
    const read = readLooseValue(inner, position);
    if (!read.ok) {
      const rest = inner.slice(position);
      if (pieces.length === 0 && !/["']name["']\s*:/.test(rest)) break; // not a call: text
      pieces.push({ type: "call", call: cutOffCall(guessCallName(rest), rest.trim()) });
      return pieces;
    }
    const call = callFromObject(read.value);
    if (!call) break;
    pieces.push({ type: "call", call });
    position = read.end;
  }
  // Not (or no longer) calls: the rest is answer text.
  const rest = inner.slice(position);
  if (rest !== "") pieces.push({ type: "text", text: rest });
  return pieces;
}
