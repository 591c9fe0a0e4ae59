import { oneLine } from "@tinyloop/agent-session";
import type { ToolResult } from "@tinyloop/registry";

/** What a tool result says, in one short line: its first text, or the kinds of content. */
export function summarizeResult(result: ToolResult, max = 80): string {
  const text = result.content.find((block) => block.type === "text");
  if (text && text.type === "text" && text.text.trim() !== "") return oneLine(text.text, max);
  if (result.structuredContent) return oneLine(JSON.stringify(result.structuredContent), max);
  if (result.content.length === 0) return "(empty result)";
  return result.content.map((block) => block.type).join(", ");
}
