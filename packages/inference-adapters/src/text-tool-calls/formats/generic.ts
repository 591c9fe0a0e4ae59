import { callFromObject, cutOffCall } from "../read-arguments.js";
import { guessCallName, readJsonOrLoose } from "../read-call-json.js";
import { plainToolJson } from "../render-tools.js";
import type { TextFormat, TextPiece } from "../text-format.js";

/**
 * llama.cpp's generic JSON format for models without a known template: the whole answer is
 * `{"tool_call": {"name", "arguments"}}`, `{"tool_calls": [...]}` or `{"response": "text"}`.
 * An answer that is not such an object is plain text.
 */
export const genericFormat: TextFormat = {
  name: "generic",
  markers: [
    { kind: "call", start: "{", anchored: true, parse: (inner) => parseGeneric(`{${inner}`) },
  ],
  renderTools: (tools) =>
    [
      "Respond in JSON format, either with `tool_call` (a request to call tools) or with `response` reply to the user's request.",
      'To call a tool: {"tool_call": {"name": "TOOL", "arguments": {…}}}; several at once: {"tool_calls": [{"name": …, "arguments": …}, …]}.',
      'To answer: {"response": "your answer"}.',
      "",
      "Tools:",
      ...tools.map(plainToolJson),
    ].join("\n"),
  renderCalls: (calls) =>
    JSON.stringify(
      calls.length === 1
        ? { tool_call: { name: calls[0]!.name, arguments: calls[0]!.arguments ?? {} } }
        : {
            tool_calls: calls.map((call) => ({ name: call.name, arguments: call.arguments ?? {} })),
          },
    ),
  renderResults: (results) =>
    JSON.stringify(
      results.map((result) => ({ tool_response: { tool: result.name, content: result.text } })),
    ),
};

function parseGeneric(text: string): TextPiece[] {
  const read = readJsonOrLoose(text.trim());
  if ("problem" in read) {
    if (/["'](?:tool_call|tool_calls)["']\s*:/.test(text))
      return [{ type: "call", call: cutOffCall(guessCallName(text), text.trim()) }];
    return [{ type: "text", text }];
  }
  const value = read.value as Record<string, unknown> | null;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return [{ type: "text", text }];
  if (typeof value.response === "string") return [{ type: "text", text: value.response }];
  if (value.response !== undefined) return [{ type: "text", text: JSON.stringify(value.response) }];
  const list = value.tool_calls ?? (value.tool_call === undefined ? undefined : [value.tool_call]);
  if (!Array.isArray(list)) return [{ type: "text", text }];
  const pieces: TextPiece[] = [];
  for (const item of list) {
    const call = callFromObject(item);
    if (call) pieces.push({ type: "call", call });
  }
  return pieces.length > 0 ? pieces : [{ type: "text", text }];
}
