import type { ToolResult } from "./content.js";

/** A successful result holding one text block. */
export function textResult(text: string): ToolResult {
  return { content: [{ type: "text", text }] };
}

/** An error result (`isError: true`) holding one text block that explains the problem. */
export function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
