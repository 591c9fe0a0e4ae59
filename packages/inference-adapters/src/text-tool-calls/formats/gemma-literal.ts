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
  const head = /^\s*call:([\w.-]+)/.exec(inner);
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
