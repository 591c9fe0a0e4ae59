import type { ToolCall } from "@tinyloop/inference-adapters";
import { parseToolArguments, type ToolDefinition } from "@tinyloop/registry";
import { fileChange } from "./file-change.js";
import { fileDiffLines } from "./file-diff-lines.js";
import { shortArguments } from "./short-text.js";
import { plainStyle, type TextStyle } from "./text-style.js";
import { visibleControls } from "./visible-controls.js";

/** Options of {@link toolCallView}. */
export interface ToolCallViewOptions {
  /** Marks up the view (the tool name, the diff's added and removed lines). */
  style?: TextStyle;
  /** Every line of every value, nothing folded (the "view" answer). Default false. */
  full?: boolean;
  /** What a fold line tells the person to do to see the rest. */
  unfoldHint?: string;
}

/** The whole of a tool call as a person reads it before approving (see {@link toolCallView}). */
export interface ToolCallView {
  /** The lines to show, without newlines. */
  lines: string[];
  /** Some lines were folded away (never with `full`). */
  folded: boolean;
  /**
   * The call is shown exactly by its short `key=value` line ({@link shortArguments}): short
   * one-line values and no file change, so a one-line question shows all of it.
   */
  fitsOneLine: boolean;
}

/** A block (a multi-line value, a diff) longer than this is folded to its head and tail. */
const FOLD_VALUE = { over: 16, head: 6, tail: 6 };
const FOLD_DIFF = { over: 40, head: 15, tail: 15 };
/** A one-line value longer than this keeps its first and last characters. */
const FOLD_CHARS = { over: 600, head: 300, tail: 150 };

/**
 * Every argument of a tool call, in full or folded, and for a file write or edit the diff
 * against the file now ({@link fileChange}, {@link fileDiffLines}) in place of the content
 * arguments it shows. Folding keeps the head AND the tail of a long value (the last line of
 * a script is where `rm -rf /` hides) and says how many lines it left out; `full` folds
 * nothing. Multi-line strings are shown line by line, control characters made visible
 * (`\x1b`, {@link visibleControls}), so no value can move the cursor or hide a line.
 */
export function toolCallView(
  call: ToolCall,
  definition: ToolDefinition,
  {
    style = plainStyle,
    full = false,
    unfoldHint = "answer v to see them all",
  }: ToolCallViewOptions = {},
): ToolCallView {
  let folded = false;
  const fold = (block: string[], limits: { over: number; head: number; tail: number }) => {
    if (full || block.length <= limits.over) return block;
    folded = true;
    const hidden = block.length - limits.head - limits.tail;
    return [
      ...block.slice(0, limits.head),
      style.dim(`    … ${hidden} lines folded (${unfoldHint}) …`),
      ...block.slice(-limits.tail),
    ];
  };
  const lines = [`${style.bold(call.name)} ${style.dim("wants to run with:")}`];
  const parsed = parseToolArguments(call.arguments, call.name);
  if (!parsed.ok) {
    lines.push(...fold(blockLines(call.arguments), FOLD_VALUE));
    return { lines, folded, fitsOneLine: false };
  }
  const change = fileChange(definition, parsed.value);
  const entries = Object.entries(parsed.value);
  if (entries.length === 0) lines.push(style.dim("  (no arguments)"));
  for (const [key, value] of entries) {
    if (change?.shownByDiff.includes(key)) {
      lines.push(`  ${key}: ${style.dim("(shown as the diff below)")}`);
      continue;
    }
    if (typeof value === "string" && value.includes("\n")) {
      lines.push(`  ${key}: ${style.dim(`(${value.split("\n").length} lines)`)}`);
      lines.push(...fold(blockLines(value), FOLD_VALUE));
      continue;
    }
    const json = JSON.stringify(value, null, 2) ?? String(value);
    if (!json.includes("\n")) {
      lines.push(`  ${key}: ${foldChars(json)}`);
      continue;
    }
    lines.push(`  ${key}:`);
    lines.push(...fold(blockLines(json), FOLD_VALUE));
  }
  if (change) lines.push(...fold(fileDiffLines(change, style), FOLD_DIFF));
  const exact = entries.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(" ");
  const fitsOneLine = change === undefined && shortArguments(call.arguments, 60) === exact;
  return { lines, folded, fitsOneLine };

  function foldChars(text: string): string {
    if (full || text.length <= FOLD_CHARS.over) return text;
    folded = true;
    const hidden = text.length - FOLD_CHARS.head - FOLD_CHARS.tail;
    return `${text.slice(0, FOLD_CHARS.head)}${style.dim(` … ${hidden} characters folded (${unfoldHint}) … `)}${text.slice(-FOLD_CHARS.tail)}`;
  }
}

/** A value's lines, each marked as part of the value, control characters escaped. */
function blockLines(text: string): string[] {
  return text.split("\n").map((line) => `    │ ${visibleControls(line)}`);
}
