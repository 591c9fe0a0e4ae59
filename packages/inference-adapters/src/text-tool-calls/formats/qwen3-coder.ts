import type { ToolSpec } from "../../types.js";
import { cutOffCall, invalidArguments, UNNAMED } from "../read-arguments.js";
import { thinkBlock } from "../render-tools.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

/**
 * Qwen3-Coder: `<tool_call>\n<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>\n</tool_call>`.
 * Values are raw text, typed by the tool's JSON Schema (numbers, booleans, objects and
 * lists are read as JSON; strings stay as written).
 */
export const qwen3CoderFormat: TextFormat = {
  name: "qwen3-coder",
  markers: [
    thinkBlock,
    // After a bare <function=…> block (no opening <tool_call>) its closing tag is left over.
    { kind: "drop", start: "</tool_call>" },
    { kind: "call", start: "<tool_call>", end: ["</tool_call>"], parse: parseFunctionBlocks },
    // Some builds drop the outer <tool_call>; the <function=…> block alone still counts.
    {
      kind: "call",
      start: "<function=",
      end: ["</function>"],
      parse: (inner, context) =>
        parseFunctionBlocks(`<function=${inner}${context.complete ? "</function>" : ""}`, context),
    },
  ],
  renderTools: (tools) =>
    [
      "# Tools",
      "",
      "You have access to the following functions:",
      "",
      "<tools>",
      ...tools.map(renderFunction),
      "</tools>",
      "",
      "If you choose to call a function ONLY reply in the following format with NO suffix:",
      "",
      "<tool_call>",
      "<function=example_function_name>",
      "<parameter=example_parameter_1>",
      "value_1",
      "</parameter>",
      "</function>",
      "</tool_call>",
    ].join("\n"),
  renderCalls: (calls) =>
    calls
      .map((call) => {
        const params = Object.entries((call.arguments ?? {}) as Record<string, unknown>)
          .map(
            ([key, value]) =>
              `<parameter=${key}>\n${typeof value === "string" ? value : JSON.stringify(value)}\n</parameter>`,
          )
          .join("\n");
        return `<tool_call>\n<function=${call.name}>\n${params}\n</function>\n</tool_call>`;
      })
      .join("\n"),
  renderResults: (results) =>
    results.map((result) => `<tool_response>\n${result.text}\n</tool_response>`).join("\n"),
};

function renderFunction(tool: ToolSpec): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { type?: unknown; description?: unknown }
  >;
  const params = Object.entries(properties)
    .map(([name, schema]) =>
      [
        "<parameter>",
        `<name>${name}</name>`,
        ...(schema.type ? [`<type>${String(schema.type)}</type>`] : []),
        ...(schema.description ? [`<description>${String(schema.description)}</description>`] : []),
        "</parameter>",
      ].join("\n"),
    )
    .join("\n");
  return `<function>\n<name>${tool.name}</name>\n<description>${tool.description}</description>\n<parameters>\n${params}\n</parameters>\n</function>`;
}

function parseFunctionBlocks(inner: string, context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  const functionPattern = /<function=([^>\n]+)>([\s\S]*?)(?:<\/function>|$)/g;
  for (const match of inner.matchAll(functionPattern)) {
    const name = match[1]!.trim();
    const body = match[2]!;
    const closed = match[0].endsWith("</function>");
    if (!closed && !context.complete) {
      pieces.push({ type: "call", call: cutOffCall(name, body) });
      continue;
    }
    const args: Record<string, unknown> = {};
    const schema = context.tools?.find((tool) => tool.name === name)?.inputSchema;
    for (const [key, raw] of parameters(body)) args[key] = typedValue(raw, schemaType(schema, key));
    if (!closed && Object.keys(args).length === 0 && body.trim() !== "") {
      pieces.push({
        type: "call",
        call: invalidArguments(name, body, "expected <parameter=NAME>value</parameter> blocks"),
      });
      continue;
    }
    pieces.push({ type: "call", call: { name, arguments: args } });
  }
  if (pieces.length === 0 && inner.trim() !== "") {
    const call = context.complete
      ? invalidArguments(UNNAMED, inner.trim(), "expected <function=NAME> inside <tool_call>")
      : cutOffCall("", inner.trim());
    pieces.push({ type: "call", call });
  }
  return pieces;
}

/**
 * The `<parameter=KEY>value</parameter>` pairs of a function block. A value whose closing tag
 * is missing ends at the next `<parameter=` (vLLM and llama.cpp read it so). The newline
 * after the opening tag and the one before the closing tag are layout; when the closing tag
 * is indented (llama.cpp's Qwen3-Coder tests indent the blocks) so is the value's first line.
 */
function parameters(body: string): [string, string][] {
  const pairs: [string, string][] = [];
  const opens = [...body.matchAll(/<parameter=([^>\n]+)>/g)];
  for (const [index, open] of opens.entries()) {
    const start = open.index + open[0].length;
    const next = opens[index + 1]?.index ?? body.length;
    const close = body.indexOf("</parameter>", start);
    const raw = body.slice(start, close >= 0 && close < next ? close : next);
    // An indented closing tag means an indented layout: the value's own indentation is layout too.
    const indented = /\n[ \t]+$/.test(raw);
    const value = raw.replace(indented ? /^\n[ \t]*/ : /^\n/, "").replace(/\n[ \t]*$/, "");
    pairs.push([open[1]!.trim(), value]);
  }
  return pairs;
}

function schemaType(schema: Record<string, unknown> | undefined, key: string): string | undefined {
  const property = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.[
    key
  ];
  return typeOf(property);
}

/** A property's type: `type` (its first non-null one), else the first non-null branch of `anyOf` / `oneOf`. */
function typeOf(property: Record<string, unknown> | undefined): string | undefined {
  if (!property) return undefined;
  const type = property.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  const branches = (property.anyOf ?? property.oneOf) as Record<string, unknown>[] | undefined;
  if (!Array.isArray(branches)) return undefined;
  for (const branch of branches) {
    const branchType = typeOf(branch);
    if (branchType !== undefined && branchType !== "null") return branchType;
  }
  return undefined;
}

/** A parameter's raw text as the schema's type; a value that does not fit stays text (the registry then says why). */
function typedValue(raw: string, type: string | undefined): unknown {
  if (type === undefined || type === "string") return raw;
  const text = raw.trim();
  if (type === "integer" || type === "number") {
    const number = Number(text);
    return text !== "" && Number.isFinite(number) ? number : raw;
  }
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : raw;
  if (text === "null") return null;
  try {
    return JSON.parse(text);
  } catch {
    return raw;
  }
}
