import type { ToolSpec } from "../../types.js";
import { callWithArguments, cutOffCall } from "../read-arguments.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

/**
 * gpt-oss (harmony): reasoning in `<|channel|>analysis<|message|>…<|end|>`, the answer in
 * `<|channel|>final<|message|>…`, a call as
 * `<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>` (or with
 * `to=` in the header before the channel). Tools are a TypeScript `namespace functions`.
 */
export const gptOssFormat: TextFormat = {
  name: "gpt-oss",
  markers: [
    { kind: "reasoning", start: "<|channel|>analysis<|message|>", end: ["<|end|>"] },
    { kind: "drop", start: "<|channel|>final<|message|>" },
    { kind: "drop", start: "<|channel|>commentary<|message|>" },
    {
      kind: "call",
      start: "<|channel|>commentary to=",
      end: ["<|call|>", "<|end|>"],
      parse: parseCall,
    },
    // A functions.* recipient on the analysis channel is still a call (vLLM and llama.cpp agree).
    {
      kind: "call",
      start: "<|channel|>analysis to=",
      end: ["<|call|>", "<|end|>"],
      parse: parseCall,
    },
    {
      kind: "call",
      start: "<|start|>assistant to=",
      end: ["<|call|>", "<|end|>"],
      parse: parseCall,
    },
    {
      kind: "call",
      start: " to=functions.",
      end: ["<|call|>", "<|end|>"],
      parse: (inner, context) => parseCall(`functions.${inner}`, context),
    },
    { kind: "drop", start: "<|start|>assistant" },
    { kind: "drop", start: "<|return|>" },
    { kind: "drop", start: "<|end|>" },
    { kind: "drop", start: "<|call|>" },
  ],
  renderTools: (tools) =>
    [
      "# Tools",
      "",
      "## functions",
      "",
      "namespace functions {",
      "",
      ...tools.map(renderFunction),
      "} // namespace functions",
    ].join("\n"),
  renderCalls: (calls) =>
    calls
      .map(
        (call) =>
          `<|start|>assistant<|channel|>commentary to=functions.${call.name} <|constrain|>json<|message|>${JSON.stringify(call.arguments ?? {})}<|call|>`,
      )
      .join(""),
  renderResults: (results) =>
    results
      .map(
        (result) =>
          `<|start|>functions.${result.name} to=assistant<|channel|>commentary<|message|>${JSON.stringify(result.text)}<|end|>`,
      )
      .join(""),
};

function renderFunction(tool: ToolSpec): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { type?: unknown; description?: unknown }
  >;
  const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
  const fields = Object.entries(properties).map(
    ([name, schema]) =>
      `${schema.description ? `// ${String(schema.description)}\n` : ""}${name}${required.has(name) ? "" : "?"}: ${tsType(schema.type)},`,
  );
  const args = fields.length === 0 ? "() => any;" : `(_: {\n${fields.join("\n")}\n}) => any;`;
  return `// ${tool.description}\ntype ${tool.name} = ${args}\n`;
}

function tsType(type: unknown): string {
  if (type === "integer") return "number";
  if (type === "array") return "any[]";
  if (type === "object") return "object";
  return typeof type === "string" ? type : "any";
}

/**
 * `functions.NAME[ <|constrain|>json]<|message|>{…}`, with header bits in either order. A
 * built-in recipient (`python`, `browser.search`) is a call by that name, refused when not
 * offered; a stray `to=assistant` header is no call: its message is kept as its channel says
 * (reasoning for `analysis`, else text).
 */
function parseCall(inner: string, context: BlockContext): TextPiece[] {
  const recipient = /^\s*([\w.-]+)/.exec(inner)?.[1] ?? "";
  const name = recipient.replace(/^functions\./, "");
  const messageAt = inner.indexOf("<|message|>");
  const args = messageAt < 0 ? "" : inner.slice(messageAt + "<|message|>".length);
  if (name === "assistant") {
    const channel = /<\|channel\|>(\w+)/.exec(inner)?.[1];
    return args === "" ? [] : [{ type: channel === "analysis" ? "reasoning" : "text", text: args }];
  }
  if (!context.complete || messageAt < 0) {
    const call = callWithArguments(name, args);
    // A server that stops at <|call|> and drops it still sent a whole call.
    if (messageAt >= 0 && args.trim() !== "" && !call.error && name !== "") {
      return [{ type: "call", call }];
    }
    return [{ type: "call", call: cutOffCall(name, args) }];
  }
  return [{ type: "call", call: callWithArguments(name, args) }];
}
