import {
  findNodeAtLocation,
  getNodeValue,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import { documentSecrets } from "./document-secrets.js";
import { jsonTooDeepAt, tooDeepError } from "./nesting-limit.js";
import type { ParsedDocument } from "./parsed-document.js";
import { type Position, SourceText } from "./source-text.js";

const EXPECTED: Record<string, string> = {
  InvalidSymbol: "a JSON value",
  InvalidNumberFormat: "a number",
  PropertyNameExpected: 'a key in double quotes ("name")',
  ValueExpected: "a value",
  ColonExpected: 'a ":" after the key',
  CommaExpected: 'a "," between entries',
  CloseBraceExpected: 'a closing "}"',
  CloseBracketExpected: 'a closing "]"',
  EndOfFileExpected: "the end of the file",
  InvalidCommentToken: "a closed comment",
  UnexpectedEndOfComment: 'a comment closed with "*/"',
  UnexpectedEndOfString: "a closing double quote",
  UnexpectedEndOfNumber: "a complete number",
  InvalidUnicode: "a valid \\u escape",
  InvalidEscapeCharacter: 'a valid escape (\\n, \\t, \\", \\\\)',
  InvalidCharacter: "no control characters inside a string",
};

const EXAMPLE = `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`;

function found(text: string, error: ParseError): string {
  if (error.offset >= text.length) return "the end of the file";
  const token = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)));
  return JSON.stringify(token);
}

/**
 * Parses JSON with comments and trailing commas (JSONC, as VS Code and Cursor write it).
 * A UTF-8 byte order mark is accepted. A syntax error throws {@link AgentFileError}
 * `PARSE_ERROR` with line:column and a caret, as does nesting deeper than MAX_NESTING_DEPTH;
 * duplicate keys become warnings (the last wins).
 */
export function parseJsonc(file: string, raw: string): ParsedDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const source = new SourceText(text);
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) throw tooDeepError(file, source, deep, EXAMPLE);
  const errors: ParseError[] = [];
  // One pass: the tree gives the value, the duplicate keys and the positions for messages.
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  // Also for a file with errors: the tolerant tree still holds the tokens to mask.
  source.hideSecrets(documentSecrets(tree ? getNodeValue(tree) : undefined));
  const first = errors[0];
  if (first) {
    const position = source.position(first.offset);
    const code = printParseErrorCode(first.error);
    throw new AgentFileError({
      code: "PARSE_ERROR",
      file,
      problem: "is not valid JSON",
      ...position,
      excerpt: source.excerpt(position),
      expected: EXPECTED[code] ?? code,
      received: found(text, first),
      example: EXAMPLE,
    });
  }
  if (!tree || text.trim() === "") {
    throw new AgentFileError({
      code: "PARSE_ERROR",
      file,
      problem: "is empty",
      expected: "a JSON object",
      example: EXAMPLE,
    });
  }
  const locate = (path: ConfigPath, { key = false } = {}): Position | undefined => {
    for (let length = path.length; length >= 0; length--) {
      const node = findNodeAtLocation(tree, path.slice(0, length) as Array<string | number>);
      if (!node) continue;
      const keyNode = key && length === path.length ? node.parent?.children?.[0] : undefined;
      return source.position((keyNode ?? node).offset);
    }
    return undefined;
  };
  const value: unknown = getNodeValue(tree);
  return { file, value, source, locate, warnings: duplicateKeys(tree, source) };
}

function duplicateKeys(root: Node, source: SourceText): ParsedDocument["warnings"] {
  const warnings: ParsedDocument["warnings"] = [];
  const walk = (node: Node) => {
    if (node.type === "object") {
      const keys = new Set<string>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        const name = String(key?.value);
        if (keys.has(name) && key) {
          warnings.push({
            message: `duplicate key ${JSON.stringify(name)}; the last one is used`,
            position: source.position(key.offset),
          });
        }
        keys.add(name);
        const child = property.children?.[1];
        if (child) walk(child);
      }
    } else if (node.type === "array") {
      for (const child of node.children ?? []) walk(child);
    }
  };
  walk(root);
  return warnings;
}
