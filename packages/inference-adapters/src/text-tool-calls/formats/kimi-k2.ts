import { callWithArguments, cutOffCall } from "../read-arguments.js";
import { openAIToolJson, thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

const sectionBegin = "<|tool_calls_section_begin|>";
const sectionEnd = "<|tool_calls_section_end|>";
const callBegin = "<|tool_call_begin|>";
const argumentBegin = "<|tool_call_argument_begin|>";
const callEnd = "<|tool_call_end|>";

/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|><|tool_calls_section_end|>`;
 * the call id is `functions.NAME:INDEX`. Results come back as `## Return of ID` sections.
 */
export const kimiK2Format: TextFormat = {
  name: "kimi-k2",
  markers: [
    thinkBlock,
    { kind: "call", start: sectionBegin, end: [sectionEnd], parse: parseSection },
    // Some servers drop the section markers but keep the per-call ones.
    {
      kind: "call",
      start: callBegin,
      end: [callEnd],
      parse: (inner, context) => parseSection(`${callBegin}${inner}${callEnd}`, context),
    },
  ],
  renderTools: (tools) =>
    `# Tools\n\n${JSON.stringify(tools.map((tool) => JSON.parse(openAIToolJson(tool))))}`,
  renderCalls: (calls) =>
    `${sectionBegin}${calls.map((call, index) => `${callBegin}functions.${call.name}:${index}${argumentBegin}${JSON.stringify(call.arguments ?? {})}${callEnd}`).join("")}${sectionEnd}`,
  renderResults: (results) =>
    results
      .map((result, index) => `## Return of functions.${result.name}:${index}\n${result.text}`)
      .join("\n\n"),
};

function parseSection(inner: string, context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  const parts = inner.split(callBegin).slice(1);
  for (const [index, part] of parts.entries()) {
    const endAt = part.indexOf(callEnd);
    const body = endAt >= 0 ? part.slice(0, endAt) : part;
    const argsAt = body.indexOf(argumentBegin);
    const id = (argsAt < 0 ? body : body.slice(0, argsAt)).trim();
    // `functions.NAME:INDEX` → NAME
    const name = id.replace(/^functions\./, "").replace(/:\d+$/, "");
    const args = argsAt < 0 ? "" : body.slice(argsAt + argumentBegin.length);
    const cut = (endAt < 0 && index === parts.length - 1 && !context.complete) || argsAt < 0;
    pieces.push({
      type: "call",
      call: cut ? cutOffCall(name, args) : callWithArguments(name, args),
    });
  }
  // An empty section (or only noise in it) is no call; one the completion cut off before its first call is.
  if (parts.length === 0 && !context.complete)
    pieces.push({ type: "call", call: cutOffCall("", inner) });
  return pieces;
}
