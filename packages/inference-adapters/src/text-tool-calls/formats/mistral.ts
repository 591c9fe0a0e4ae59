import { readLooseValue } from "../loose-value.js";
import { callWithArguments, cutOffCall } from "../read-arguments.js";
import { callsFromJsonText } from "../read-call-json.js";
import { thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

/**
 * Mistral: `[TOOL_CALLS][{"name": …, "arguments": {…}, "id": …}]` (v0.3, Nemo),
 * `[TOOL_CALLS]NAME[ARGS]{…}` (Mistral Small 3.2, Magistral, Devstral), `[TOOL_CALLS]NAME{…}`,
 * and the JSON list alone where the answer starts with it (special tokens decoded away).
 * Reasoning: `[THINK]…[/THINK]`. Tools go in `[AVAILABLE_TOOLS]`, results in `[TOOL_RESULTS]`.
 */
export const mistralFormat: TextFormat = {
  name: "mistral",
  markers: [
    { kind: "reasoning", start: "[THINK]", end: ["[/THINK]"] },
    // Magistral Small 2506 reasons in plain-text <think> tags.
    thinkBlock,
    { kind: "call", start: "[TOOL_CALLS]", parse: parseToolCalls },
    {
      kind: "call",
      start: "[{",
      anchored: true,
      parse: (inner, context) => {
        const pieces = parseToolCalls(`[{${inner}`, context);
        // A list of something else is an answer that happens to be JSON.
        return pieces.some((piece) => piece.type === "call")
          ? pieces
          : [{ type: "text", text: `[{${inner}` }];
      },
    },
  ],
  renderTools: (tools) =>
    `[AVAILABLE_TOOLS]${JSON.stringify(tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })))}[/AVAILABLE_TOOLS]`,
  renderCalls: (calls) =>
    calls
      .map((call) => `[TOOL_CALLS]${call.name}[ARGS]${JSON.stringify(call.arguments ?? {})}`)
      .join(""),
  renderResults: (results) =>
    results.map((result) => `[TOOL_RESULTS]${result.text}[/TOOL_RESULTS]`).join(""),
};

/** What follows `[TOOL_CALLS]`: a JSON list, or `NAME[ARGS]{…}` / `NAME{…}` pairs, repeated. */
function parseToolCalls(inner: string, context: BlockContext): TextPiece[] {
  const text = inner.replaceAll("[TOOL_CALLS]", "").replace(/<\/s>\s*$/, "");
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) {
    const read = readLooseValue(trimmed, 0);
    if (!read.ok) return callsFromJsonText(trimmed, false).map((call) => ({ type: "call", call }));
    const pieces: TextPiece[] = callsFromJsonText(trimmed.slice(0, read.end), context.complete).map(
      (call) => ({ type: "call", call }),
    );
    const rest = trimmed.slice(read.end);
    if (rest.trim() !== "") pieces.push({ type: "text", text: rest });
    return pieces;
  }
  const pieces: TextPiece[] = [];
  let position = 0;
  while (position < text.length) {
    // NAME, an optional [CALL_ID]id (Mistral Small 3.2), an optional [ARGS], then the object.
    const head = /^\s*([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\][\w-]*)?\s*(?:\[ARGS\])?\s*(?=\{)/.exec(
      text.slice(position),
    );
    if (!head) break;
    const name = head[1]!;
    const start = position + head[0].length;
    const read = readLooseValue(text, start);
    if (!read.ok) {
      pieces.push({ type: "call", call: cutOffCall(name, text.slice(start)) });
      return pieces;
    }
    pieces.push({ type: "call", call: callWithArguments(name, text.slice(start, read.end)) });
    position = read.end;
  }
  const rest = text.slice(position);
  // Words before the list (vLLM's fallback finds the list after them).
  const listAt = pieces.length === 0 ? rest.indexOf("[{") : -1;
  if (listAt > 0) {
    const listed = parseToolCalls(rest.slice(listAt), context);
    if (listed.some((piece) => piece.type === "call" && !piece.call.error)) return listed;
  }
  if (pieces.length === 0 && rest.trim() !== "") {
    pieces.push({
      type: "call",
      call: cutOffCall(/^\s*([\w.-]+)/.exec(rest)?.[1] ?? "", rest.trim()),
    });
  } else if (rest.trim() !== "") pieces.push({ type: "text", text: rest });
  return pieces;
}
