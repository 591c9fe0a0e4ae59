import type { ToolResult } from "@tinyloop/registry";
import { visibleControls } from "./visible-controls.js";

/**
 * Cuts `text` to one line of at most `max` characters, with an ellipsis when cut; control
 * characters are made visible ({@link visibleControls}), so it is safe for a terminal.
 */
export function oneLine(text: string, max: number): string {
  const flat = visibleControls(text.replace(/\s+/g, " ").trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Tool arguments as a short `key=value` line: `path="notes.md" content="Hello…"`. */
export function shortArguments(argumentsJson: string, max = 80): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson || "{}");
  } catch {
    return oneLine(argumentsJson, max);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return oneLine(JSON.stringify(parsed), max);
  }
  const parts = Object.entries(parsed).map(([key, value]) => {
    const shown =
      typeof value === "string"
        ? JSON.stringify(oneLine(value, 30))
        : oneLine(JSON.stringify(value), 30);
    return `${key}=${shown}`;
  });
  return oneLine(parts.join(" "), max);
}

/** What a tool result says, in one short line: its first text, or the kinds of content. */
export function summarizeResult(result: ToolResult, max = 80): string {
  const text = result.content.find((block) => block.type === "text");
  if (text && text.type === "text" && text.text.trim() !== "") return oneLine(text.text, max);
  if (result.structuredContent) return oneLine(JSON.stringify(result.structuredContent), max);
  if (result.content.length === 0) return "(empty result)";
  return result.content.map((block) => block.type).join(", ");
}

/** `14ms`, `1.2s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** A count as a person reads it at a glance: `840`, `1.2k`, `35k`. */
export function compactCount(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, "") : Math.round(thousands)}k`;
}
