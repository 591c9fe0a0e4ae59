import { readLooseValue } from "../loose-value.js";
import { jsonCallPieces } from "../read-call-json.js";
import type { BlockContext, TextPiece } from "../text-format.js";

/**
 * A JSON list of call objects right after a marker that has no end marker (Granite's
 * `<|tool_call|>`, Phi-4-mini's and FireFunction's `functools`): the list is the calls,
 * text after it stays answer text.
 */
export function parseJsonListAfterMarker(inner: string, context: BlockContext): TextPiece[] {
  const start = inner.search(/\S/);
  if (start < 0) return jsonCallPieces("", false);
  const read = readLooseValue(inner, start);
  if (!read.ok) return jsonCallPieces(inner.slice(start), false);
  const pieces = jsonCallPieces(inner.slice(start, read.end), context.complete);
  const rest = inner.slice(read.end);
  if (rest.trim() !== "") pieces.push({ type: "text", text: rest });
  return pieces;
}
