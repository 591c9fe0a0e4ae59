import { Lexer } from "yaml";
import { MAX_NESTING_DEPTH } from "./nesting-limit.js";

/** YAML lexer tokens that stand for no text of the source (document start, scalar, flow end). */
const CONTROL_TOKENS = new Set(["\x02", "\x18", "\x1f"]);

/**
 * The offset of the flow bracket (`[` or `{`) that opens level MAX_NESTING_DEPTH + 1 of YAML
 * text, if any. Block nesting cannot get that deep within the file size limit: each level
 * costs its indentation on every line.
 */
export function yamlTooDeepAt(text: string): number | undefined {
  let depth = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === "[" || token === "{") {
      if (++depth > MAX_NESTING_DEPTH) return offset;
    } else if (token === "]" || token === "}") {
      depth--;
    }
    if (!CONTROL_TOKENS.has(token)) offset += token.length;
  }
  return undefined;
}
