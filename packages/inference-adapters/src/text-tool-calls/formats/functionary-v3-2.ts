import type { ToolSpec } from "../../types.js";
import { callWithArguments, cutOffCall } from "../read-arguments.js";
import type { BlockContext, TextFormat, TextPiece } from "../text-format.js";

/**
 * Functionary v3.2: the prompt ends with `>>>`, and the answer is segments
 * `RECIPIENT\nCONTENT` joined by `>>>` — `all` for text to the user, a tool name for a call
 * whose content is its JSON arguments (`python` takes code).
 */
export const functionaryV32Format: TextFormat = {
  name: "functionary-v3.2",
  continues: ">>>",
  markers: [
    { kind: "drop", start: ">>>all\n" },
    { kind: "call", start: ">>>", parse: parseSegments },
  ],
  renderTools: (tools) =>
    [
      "You are capable of executing available function(s) if required.",
      "Only execute function(s) when absolutely necessary.",
      "Ask for the required input to:recipient==all",
      "Use JSON for function arguments.",
      "Respond in this format:",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's own literal placeholder text
      ">>>${recipient}",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's own literal placeholder text
      "${content}",
      "Available functions:",
      "// Supported function definitions that should be called when necessary.",
      "namespace functions {",
      "",
      ...tools.map(renderFunction),
      "} // namespace functions",
    ].join("\n"),
  renderCalls: (calls) =>
    calls.map((call) => `>>>${call.name}\n${JSON.stringify(call.arguments ?? {})}`).join(""),
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};

function renderFunction(tool: ToolSpec): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { type?: unknown; description?: unknown }
  >;
  const fields = Object.entries(properties).map(
    ([name, schema]) =>
      `${schema.description ? `// ${String(schema.description)}\n` : ""}${name}: ${String(schema.type ?? "any")},`,
  );
  return `// ${tool.description}\ntype ${tool.name} = (_: {\n${fields.join("\n")}\n}) => any;\n`;
}

/** `NAME\n{…}` segments joined by `>>>`; an `all` segment is text. */
function parseSegments(inner: string, _context: BlockContext): TextPiece[] {
  const pieces: TextPiece[] = [];
  const segments = inner.split(">>>");
  for (const [index, segment] of segments.entries()) {
    const newline = segment.indexOf("\n");
    const last = index === segments.length - 1;
    const recipient = (newline < 0 ? segment : segment.slice(0, newline)).trim();
    const content = newline < 0 ? "" : segment.slice(newline + 1);
    if (recipient === "all") {
      if (content !== "") pieces.push({ type: "text", text: content });
    } else if (recipient === "python" && !content.trim().startsWith("{")) {
      pieces.push({ type: "call", call: { name: "python", arguments: { code: content } } });
    } else if (/^[\w.-]+$/.test(recipient)) {
      // The last segment ending before its arguments: the completion stopped inside the call.
      const cut = last && (newline < 0 || content.trim() === "");
      const call = cut ? cutOffCall(recipient, content) : callWithArguments(recipient, content);
      pieces.push({ type: "call", call });
    } else {
      // No recipient line: the model answered plain text.
      pieces.push({ type: "text", text: segment });
    }
  }
  return pieces;
}
