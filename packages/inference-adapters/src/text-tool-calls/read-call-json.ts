import { parseLooseValue } from "./loose-value.js";
import { callFromObject, cutOffCall, invalidArguments, UNNAMED } from "./read-arguments.js";
import type { TextPiece, TextToolCall } from "./text-format.js";

const callShape = 'expected {"name": "tool_name", "arguments": {…}}';

/** The name a broken call text most likely meant, for its error message. */
export function guessCallName(text: string): string {
  return /["']?(?:name|tool_name)["']?\s*:\s*["']([^"']+)["']/.exec(text)?.[1] ?? UNNAMED;
}

/** Reads JSON or a loose (Python-style) literal; undefined when neither. */
export function readJsonOrLoose(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const loose = parseLooseValue(text);
    return loose.ok ? { value: loose.value } : { problem: loose.problem };
  }
}

/** Drops a Markdown code fence around JSON (```json … ```), which models add now and then. */
export function stripFence(text: string): string {
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?```$/.exec(text.trim());
  return (fenced ? fenced[1]! : text).trim();
}

/**
 * The calls in a JSON (or Python-literal) text holding one call object or a list of them,
 * as Hermes, Mistral, Granite, Phi-4-mini and FireFunction write. A text that cannot be
 * read becomes one INVALID_ARGUMENTS call (named when the name can be seen), `complete:
 * false` saying the completion stopped inside it.
 */
export function callsFromJsonText(raw: string, complete = true): TextToolCall[] {
  const text = stripFence(raw);
  const read = readJsonOrLoose(text);
  if ("problem" in read) {
    const name = guessCallName(text);
    return [
      complete ? invalidArguments(name, raw.trim(), read.problem) : cutOffCall(name, raw.trim()),
    ];
  }
  const values = Array.isArray(read.value) ? read.value : [read.value];
  return values.map(
    (value) =>
      callFromObject(value) ??
      invalidArguments(
        guessCallName(JSON.stringify(value) ?? ""),
        JSON.stringify(value) ?? "",
        callShape,
      ),
  );
}

/** {@link callsFromJsonText} as pieces of a call block. */
export function jsonCallPieces(raw: string, complete: boolean): TextPiece[] {
  return callsFromJsonText(raw, complete).map((call) => ({ type: "call", call }));
}
