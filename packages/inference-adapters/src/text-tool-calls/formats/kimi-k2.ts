import type { ToolSpec } from "../../types.js";
import { callWithArguments, cutOffCall, invalidArguments, UNNAMED } from "../read-arguments.js";
import { openAIToolJson, thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece, TextToolCall } from "../text-format.js";

const sectionBegin = "<|tool_calls_section_begin|>";
const sectionEnd = "<|tool_calls_section_end|>";
const callBegin = "<|tool_call_begin|>";
const argumentBegin = "<|tool_call_argument_begin|>";
const callEnd = "<|tool_call_end|>";

/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|><|tool_calls_section_end|>`;
 * the call id is `functions.NAME:INDEX` (also `NAME:INDEX`). Results come back as `## Return of ID` sections.
 */
export const kimiK2Format: TextFormat = {
  name: "kimi-k2",
  markers: [
    // Kimi-K2 Thinking writes calls inside its reasoning: they are calls.
    { ...thinkBlock, calls: "read" },
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
    const args = argsAt < 0 ? "" : body.slice(argsAt + argumentBegin.length);
    const cut = (endAt < 0 && index === parts.length - 1 && !context.complete) || argsAt < 0;
    const name = nameOfId(id, args, context.tools);
    let call: TextToolCall;
    if (cut) call = cutOffCall(name ?? "", args);
    else if (name === undefined) call = invalidArguments(UNNAMED, args, unreadableId(id));
    else call = callWithArguments(name, args);
    pieces.push({ type: "call", call });
  }
  // An empty section (or only noise in it) is no call; one the completion cut off before its first call is.
  if (parts.length === 0 && !context.complete)
    pieces.push({ type: "call", call: cutOffCall("", inner) });
  return pieces;
}

/**
 * The tool a call id names: `functions.NAME:INDEX` or `NAME:INDEX`. A bare counter (`0`) names
 * no tool: it is the only offered tool, or the one tool whose parameters hold every argument
 * given (vLLM's reading); undefined when that is not certain, or the id is none of these.
 */
function nameOfId(
  id: string,
  args: string,
  tools: readonly ToolSpec[] | undefined,
): string | undefined {
  const named = /^(?:functions\.)?([\w-]+(?:\.[\w-]+)*?):\d+$/.exec(id);
  if (named) return named[1];
  if (!/^\d+$/.test(id) || !tools || tools.length === 0) return undefined;
  if (tools.length === 1) return tools[0]!.name;
  let keys: string[];
  try {
    const value: unknown = JSON.parse(args);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    keys = Object.keys(value);
  } catch {
    return undefined;
  }
  const fits = tools.filter((tool) => {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    return keys.every((key) => key in properties);
  });
  return fits.length === 1 ? fits[0]!.name : undefined;
}

function unreadableId(id: string): string {
  return `the call id ${JSON.stringify(id)} names no tool (expected functions.NAME:INDEX)`;
}
