import { describeValue } from "@tinyloop/errors";
import { findJsonErrorPosition } from "./json-error-position.js";

/** Outcome of {@link parseToolArguments}: the arguments object, or why there is none. */
export type ParsedArguments =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string };

const EXAMPLE = '{"path": "README.md"}';

/**
 * Accepts arguments as an object or as the raw JSON text a model produced. `undefined`,
 * `null` and blank text mean "no arguments" (`{}`), since models send those for tools
 * without parameters. JSON text that decodes to a string holding a JSON object (a
 * double-encoded object, which small models produce) is decoded once more. Anything else
 * that is not a JSON object is refused with a message saying what was found and showing
 * the expected form.
 */
export function parseToolArguments(args: unknown, toolName: string): ParsedArguments {
  if (args === undefined || args === null) return { ok: true, value: {} };
  if (typeof args === "string") return parseText(args, toolName);
  return asObject(args, toolName);
}

function parseText(text: string, toolName: string): ParsedArguments {
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: describeSyntaxError(text, error, toolName) };
  }
  if (typeof value === "string" && value.trimStart().startsWith("{")) {
    const inner = parseText(value, toolName);
    if (inner.ok) return inner;
  }
  return asObject(value, toolName);
}

function asObject(value: unknown, toolName: string): ParsedArguments {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return { ok: true, value: value as Record<string, unknown> };
  }
  return {
    ok: false,
    message: `The arguments for tool "${toolName}" must be a JSON object, got ${describeValue(value)}. Send one object with the parameters as keys, for example ${EXAMPLE}.`,
  };
}

function describeSyntaxError(text: string, error: unknown, toolName: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  const position = findJsonErrorPosition(text);
  const where =
    position === undefined
      ? ""
      : ` At line ${position.line}, column ${position.column} (offset ${position.offset}): ${excerpt(text, position.offset)}`;
  return `The arguments for tool "${toolName}" are not valid JSON: ${reason}.${where} Send one JSON object, for example ${EXAMPLE}.`;
}

/** Up to 30 characters around the offset, with `⟪here⟫` marking the spot. */
function excerpt(text: string, offset: number): string {
  const start = Math.max(0, offset - 30);
  const before = text.slice(start, offset);
  const after = text.slice(offset, offset + 30);
  return `${start > 0 ? "…" : ""}${before}⟪here⟫${after}${offset + 30 < text.length ? "…" : ""}`;
}
