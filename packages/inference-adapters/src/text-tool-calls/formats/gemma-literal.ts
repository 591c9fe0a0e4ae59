import { LooseReader } from "../loose-value.js";
import { cutOffCall, invalidArguments, UNNAMED } from "../read-arguments.js";
import type { BlockContext, TextPiece } from "../text-format.js";

/** A value in Gemma's call syntax (bare keys, strings between `delimiter`s), for the prompt side. */
export function gemmaLiteral(value: unknown, delimiter: string): string {
  if (typeof value === "string") return `${delimiter}${value}${delimiter}`;
  if (Array.isArray(value))
    return `[${value.map((item) => gemmaLiteral(item, delimiter)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}:${gemmaLiteral(item, delimiter)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `call:NAME{key:value,…}` as Gemma 4 and FunctionGemma write inside their call markers. */
export function parseGemmaCall(
  inner: string,
  context: BlockContext,
  delimiter: string,
): TextPiece[] {
  // Gemma 4 also writes `:call:NAME{…}` (a stray colon after the open tag).
  const head = /^\s*:?call:([\w.-]+)/.exec(inner);
  if (!head)
    return [{ type: "call", call: invalidArguments(UNNAMED, inner, "expected call:NAME{…}") }];
  const name = head[1]!;
  const reader = new LooseReader(inner, [delimiter]);
  reader.position = head[0].length;
  reader.skipSpace();
  if (reader.position >= inner.length) {
    // `call:NAME` and the end marker: a call without arguments; without the marker, cut off.
    const call = context.complete ? { name, arguments: {} } : cutOffCall(name, "");
    return [{ type: "call", call }];
  }
  try {
    if (inner[reader.position] !== "{") reader.fail('"{" after the tool name');
    const value = reader.value();
    return [{ type: "call", call: { name, arguments: value as Record<string, unknown> } }];
  } catch (error) {
    const raw = inner.slice(head[0].length);
    if (!context.complete || reader.position >= inner.length)
      return [{ type: "call", call: cutOffCall(name, raw) }];
    return [{ type: "call", call: invalidArguments(name, raw, (error as Error).message) }];
  }
}

/**
 * Where a `call:NAME{…}` block ends when its closing marker may be missing: after the literal's
 * balanced `}` (strings between `delimiter`s skipped) and one of `ends` right after it. Undefined
 * while the literal is open, or while a closing marker may still follow. `named` says the text
 * starts at NAME (the `call:` was the marker).
 */
export function gemmaCallEnd(
  inner: string,
  delimiter: string,
  ends: readonly string[],
  named = false,
): number | undefined {
  const head = (named ? /^[\w.-]+\s*/ : /^\s*:?call:[\w.-]+\s*/).exec(inner);
  if (named) {
    // After a bare `call:`: a name and `{`, or no call (the block is empty, the text goes on).
    if (!head || head[0].length === inner.length) return head || inner === "" ? undefined : 0;
    if (inner[head[0].length] !== "{") return 0;
  }
  if (!head || inner[head[0].length] !== "{") {
    // No literal to balance (`call:NAME` alone, or not a call): the closing marker decides.
    for (const end of ends) {
      const at = inner.indexOf(end);
      if (at >= 0) return at + end.length;
    }
    return undefined;
  }
  let depth = 0;
  for (let index = head[0].length; index < inner.length; index++) {
    if (inner.startsWith(delimiter, index)) {
      const close = inner.indexOf(delimiter, index + delimiter.length);
      if (close < 0) return undefined;
      index = close + delimiter.length - 1;
    } else if (inner[index] === "{" || inner[index] === "[") depth++;
    else if ((inner[index] === "}" || inner[index] === "]") && --depth === 0) {
      const after = index + 1;
      const rest = inner.slice(after);
      for (const end of ends) {
        if (rest.startsWith(end)) return after + end.length;
        if (end.startsWith(rest)) return undefined; // a closing marker may be arriving
      }
      return after;
    }
  }
  return undefined;
}
