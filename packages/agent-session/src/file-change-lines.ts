import type { ToolCall } from "@tinyloop/inference-adapters";
import { parseToolArguments, type ToolDefinition } from "@tinyloop/registry";
import { fileChange } from "./file-change.js";
import { fileDiffLines } from "./file-diff-lines.js";

/**
 * The plain lines of what a tool call would change ({@link fileChange}, {@link fileDiffLines}
 * without a style): for the MCP filesystem server's `write_file` and `edit_file`, a header
 * naming the file and a unified diff against it now (or a line saying why there is none);
 * undefined for any other call or arguments that are not a JSON object. Fits agent-server's
 * `approval.changeLines`, so the chat page's approval question shows the diff the REPL shows.
 */
export function fileChangeLines(call: ToolCall, definition: ToolDefinition): string[] | undefined {
  const parsed = parseToolArguments(call.arguments, call.name);
  if (!parsed.ok) return undefined;
  const change = fileChange(definition, parsed.value);
  return change ? fileDiffLines(change) : undefined;
}
