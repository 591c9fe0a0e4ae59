import { createScanner } from "jsonc-parser";
import { AgentFileError } from "./agent-file-error.js";
import type { SourceText } from "./source-text.js";

/**
 * The deepest nesting of objects and arrays read: 100 levels. Real configs nest a handful
 * of levels; a file nested 100 000 deep would overflow the parsers' stacks ("Maximum call
 * stack size exceeded") before any message could name the file.
 */
export const MAX_NESTING_DEPTH = 100;

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/**
 * How many alias expansions a YAML file may make (the yaml library's `maxAliasCount`): plenty
 * for anchors shared between servers, far too few for a "billion laughs" alias bomb.
 */
export const MAX_ALIAS_COUNT = 100;

/** The offset of the bracket that opens level MAX_NESTING_DEPTH + 1 of JSON(C) text, if any. */
export function jsonTooDeepAt(text: string): number | undefined {
  // The scanner reads tokens without recursion, skipping strings and comments.
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > MAX_NESTING_DEPTH) return scanner.getTokenOffset();
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth--;
    }
  }
  return undefined;
}

/** The `PARSE_ERROR` for a file nested past {@link MAX_NESTING_DEPTH} at `offset`. */
export function tooDeepError(
  file: string,
  source: SourceText,
  offset: number,
  example: string,
): AgentFileError {
  const position = source.position(Math.min(offset, source.text.length));
  return new AgentFileError({
    code: "PARSE_ERROR",
    file,
    problem: `nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep, the most a config file may; is this the right file?`,
    ...position,
    excerpt: source.excerpt(position),
    example,
  });
}
