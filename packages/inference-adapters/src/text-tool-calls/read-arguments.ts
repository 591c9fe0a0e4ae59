import { parseLooseValue } from "./loose-value.js";
import type { TextToolCall } from "./text-format.js";

const example = '{"path": "notes.txt"}';

/** The name of a call whose name could not be read either. */
export const UNNAMED = "(unnamed)";

/** How the INVALID_ARGUMENTS message of a call reads; the model sees it as the tool's error result. */
export function invalidArguments(name: string, raw: string, problem: string): TextToolCall {
  const shown = raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
  const what = name === UNNAMED ? "Your tool call" : `The arguments of your call to "${name}"`;
  const wrote = raw.trim() === "" ? "You wrote none" : `You wrote: ${shown}`;
  return {
    name,
    arguments: raw,
    error: {
      code: "INVALID_ARGUMENTS",
      message: `${what} could not be read: ${problem}. ${wrote}. Call the tool again with its arguments as one JSON object, for example ${example}.`,
    },
  };
}

/** The call cut off before its end (the completion stopped inside it). */
export function cutOffCall(name: string, raw: string): TextToolCall {
  return invalidArguments(
    name || UNNAMED,
    raw,
    "the answer ended in the middle of the call (it was cut off)",
  );
}

/**
 * Arguments written as text: JSON, else a Python/loose literal (single-quoted dicts in real
 * Hermes output), else an INVALID_ARGUMENTS call. Empty text is `{}`; a JSON string holding
 * an object (double-encoded arguments) is decoded once.
 */
export function callWithArguments(name: string, raw: string): TextToolCall {
  const trimmed = raw.trim();
  if (trimmed === "") return { name, arguments: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    const loose = parseLooseValue(trimmed);
    if (!loose.ok) return invalidArguments(name, raw, loose.problem);
    value = loose.value;
  }
  return callWithValue(name, value, raw);
}

/** A call whose arguments were already read as a value (decodes a JSON string holding an object). */
export function callWithValue(
  name: string,
  value: unknown,
  raw = JSON.stringify(value),
): TextToolCall {
  if (typeof value === "string") {
    const inner = value.trim();
    if (inner.startsWith("{")) return callWithArguments(name, inner);
  }
  if (value === undefined || value === null) return { name, arguments: {} };
  if (typeof value !== "object" || Array.isArray(value)) {
    return invalidArguments(name, raw ?? String(value), "expected an object of named arguments");
  }
  return { name, arguments: value };
}

/**
 * A call written as an object: the name under `name` (or `function`/`tool_name`), the
 * arguments under `arguments`/`parameters`/`args`. Undefined when the object is no call.
 */
export function callFromObject(value: unknown): TextToolCall | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const nested = record.function;
  if (typeof nested === "object" && nested !== null) return callFromObject(nested);
  const name = record.name ?? record.tool_name ?? record.function;
  if (typeof name !== "string" || name === "") return undefined;
  const args = record.arguments ?? record.parameters ?? record.args;
  return callWithValue(name, args ?? {});
}
