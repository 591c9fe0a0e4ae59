import {
  findNodeAtLocation,
  type Node,
  type ParseError,
  parse,
  parseTree,
  printParseErrorCode,
  visit,
} from "jsonc-parser";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
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
 * `PARSE_ERROR` with line:column and a caret; duplicate keys become warnings (the last wins).
 */
export function parseJsonc(file: string, raw: string): ParsedDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const source = new SourceText(text);
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
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
  if (text.trim() === "") {
    throw new AgentFileError({
      code: "PARSE_ERROR",
      file,
      problem: "is empty",
      expected: "a JSON object",
      example: EXAMPLE,
    });
  }
  let tree: Node | undefined;
  const locate = (path: ConfigPath, { key = false } = {}): Position | undefined => {
    tree ??= parseTree(text, [], { allowTrailingComma: true });
    if (!tree) return undefined;
    for (let length = path.length; length >= 0; length--) {
      const node = findNodeAtLocation(tree, path.slice(0, length) as Array<string | number>);
      if (!node) continue;
      const keyNode = key && length === path.length ? node.parent?.children?.[0] : undefined;
      return source.position((keyNode ?? node).offset);
    }
    return undefined;
  };
  return { file, value, source, locate, warnings: duplicateKeys(text, source) };
}

function duplicateKeys(text: string, source: SourceText): ParsedDocument["warnings"] {
  const warnings: ParsedDocument["warnings"] = [];
  const stack: Array<Set<string>> = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        stack.push(new Set());
      },
      onObjectEnd: () => {
        stack.pop();
      },
      onObjectProperty: (property, offset) => {
        const keys = stack[stack.length - 1];
        if (!keys) return;
        if (keys.has(property)) {
          warnings.push({
            message: `duplicate key ${JSON.stringify(property)}; the last one is used`,
            position: source.position(offset),
          });
        }
        keys.add(property);
      },
    },
    { allowTrailingComma: true, disallowComments: false },
  );
  return warnings;
}
