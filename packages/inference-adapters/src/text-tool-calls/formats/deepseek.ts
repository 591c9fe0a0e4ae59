import { callWithArguments, cutOffCall } from "../read-arguments.js";
import { stripFence } from "../read-call-json.js";
import { thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

const callsBegin = "<｜tool▁calls▁begin｜>";
const callsEnd = "<｜tool▁calls▁end｜>";
const callBegin = "<｜tool▁call▁begin｜>";
const callEnd = "<｜tool▁call▁end｜>";
const sep = "<｜tool▁sep｜>";
const dsml = "｜DSML｜";

/**
 * DeepSeek R1 / V3 (`<｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>`),
 * V3.1 (`<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`), both inside
 * `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>`, and the DSML of V3.2
 * (`<｜DSML｜function_calls><｜DSML｜invoke name="…"><｜DSML｜parameter name="…" string="true">…`),
 * V4 (`<｜DSML｜tool_calls>`) and V4.1 (`<｜DSML｜ calls>`).
 */
export const deepseekFormat: TextFormat = {
  name: "deepseek",
  markers: [
    // A call written in reasoning is reasoning, unless the completion ends with the block
    // still open: then it was the answer (llama.cpp's DeepSeek V3.1 rule).
    { ...thinkBlock, calls: "read-if-left-open" },
    { kind: "call", start: callsBegin, end: [callsEnd], parse: parseToolCalls },
    // Spellings R1 writes now and then (llama.cpp accepts them): the section's begin marker
    // with `_` or spaces, or `<｜tool▁calls｜>` straight before the first call's `function`.
    ...["<｜tool_calls_begin｜>", "<｜tool calls begin｜>", "<｜tool\\_calls\\_begin｜>"].map(
      (start) => ({ kind: "call" as const, start, end: [callsEnd], parse: parseToolCalls }),
    ),
    {
      kind: "call",
      start: "<｜tool▁calls｜>",
      end: [callsEnd],
      parse: (inner, context) =>
        parseToolCalls(inner.startsWith(callBegin) ? inner : `${callBegin}${inner}`, context),
    },
    {
      kind: "call",
      start: `<${dsml}function_calls>`,
      end: [`</${dsml}function_calls>`],
      parse: parseDsml,
    },
    // DeepSeek V4 (`tool_calls`) and V4.1 (`｜DSML｜ calls`, with a space) wrap the same invokes.
    { kind: "call", start: `<${dsml}tool_calls>`, end: [`</${dsml}tool_calls>`], parse: parseDsml },
    { kind: "call", start: `<${dsml} calls>`, end: [`</${dsml} calls>`], parse: parseDsml },
  ],
  renderTools: (tools) =>
    [
      "## Tools",
      "You have access to the following tools:",
      ...tools.map(
        (tool) =>
          `\n### ${tool.name}\nDescription: ${tool.description}\n\nParameters: ${JSON.stringify(tool.inputSchema)}`,
      ),
      "",
      "IMPORTANT: ALWAYS adhere to this exact format for tool use:",
      `${callsBegin}${callBegin}tool_call_name${sep}tool_call_arguments${callEnd}{{additional_tool_calls}}${callsEnd}`,
      "",
      "Where:",
      "- `tool_call_name` must be an exact match to one of the available tools",
      "- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema",
      "- For multiple tool calls, chain them directly without separators or spaces",
    ].join("\n"),
  renderCalls: (calls) =>
    `${callsBegin}${calls.map((call) => `${callBegin}${call.name}${sep}${JSON.stringify(call.arguments ?? {})}${callEnd}`).join("")}${callsEnd}`,
  renderResults: (results) =>
    results.map((result) => `<｜tool▁output▁begin｜>${result.text}<｜tool▁output▁end｜>`).join(""),
};

function parseToolCalls(inner: string, context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  const parts = inner.split(callBegin).slice(1);
  for (const [index, part] of parts.entries()) {
    const endAt = part.indexOf(callEnd);
    const closed = endAt >= 0;
    const body = closed ? part.slice(0, endAt) : part;
    const sepAt = body.indexOf(sep);
    let name: string;
    let args: string;
    if (sepAt < 0) {
      pieces.push({ type: "call", call: cutOffCall(body.trim(), "") });
      continue;
    }
    const before = body.slice(0, sepAt).trim();
    const after = body.slice(sepAt + sep.length);
    if (before === "function") {
      // R1 / V3: the name on the first line, then the arguments in a ```json fence.
      const newline = after.indexOf("\n");
      name = (newline < 0 ? after : after.slice(0, newline)).trim();
      args = newline < 0 ? "" : stripFence(after.slice(newline + 1));
    } else {
      name = before;
      args = after;
    }
    const last = index === parts.length - 1;
    if (!closed && last && !context.complete)
      pieces.push({ type: "call", call: cutOffCall(name, args) });
    else pieces.push({ type: "call", call: callWithArguments(name, args) });
  }
  if (pieces.length === 0) pieces.push({ type: "call", call: cutOffCall("", inner) });
  return pieces;
}

function parseDsml(inner: string, context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  // `｜DSML｜ invoke` (V4.1 writes a space after the tag), and V4's self-closing `invoke …/>`.
  const tag = `${dsml}\\s*`;
  const invokes = inner.matchAll(
    new RegExp(`<${tag}invoke\\s+name="([^"]+)"\\s*(?:/>|>([\\s\\S]*?)(</${tag}invoke>|$))`, "g"),
  );
  for (const invoke of invokes) {
    const name = invoke[1]!;
    const body = invoke[2] ?? "";
    if (invoke[2] !== undefined && invoke[3] === "" && !context.complete) {
      pieces.push({ type: "call", call: cutOffCall(name, body) });
      continue;
    }
    const args: Record<string, unknown> = {};
    const params = body.matchAll(
      new RegExp(
        `<${tag}parameter\\s+name="([^"]+)"\\s+string="(true|false)"\\s*>([\\s\\S]*?)</${tag}parameter>`,
        "g",
      ),
    );
    for (const param of params) {
      const raw = param[3]!;
      if (param[2] === "true") args[param[1]!] = raw;
      else {
        try {
          args[param[1]!] = JSON.parse(raw);
        } catch {
          args[param[1]!] = raw;
        }
      }
    }
    pieces.push({ type: "call", call: { name, arguments: args } });
  }
  if (pieces.length === 0 && (!context.complete || inner.trim() !== "")) {
    pieces.push({ type: "call", call: cutOffCall("", inner) });
  }
  return pieces;
}
