import { CORE_SCHEMA, load } from "js-yaml";
import { type Document, isMap, isPair, isScalar, LineCounter, parseDocument, visit } from "yaml";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import { documentSecrets } from "./document-secrets.js";
import { MAX_ALIAS_COUNT, MAX_NESTING_DEPTH, tooDeepError } from "./nesting-limit.js";
import type { ParsedDocument } from "./parsed-document.js";
import { type Position, SourceText } from "./source-text.js";
import { yamlTooDeepAt } from "./yaml-nesting.js";

const EXAMPLE = `mcp_servers: { files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } }`;

// Anchors, aliases, tags and directives: only the full parser (yaml) handles them as tinyloop
// must (alias-bomb limit, warnings); a file with none of them takes the fast path.
const NEEDS_FULL_PARSER = /(?:^|[\s[{,:-])[&*!]|^%/m;

/**
 * Parses YAML. Errors throw {@link AgentFileError} `PARSE_ERROR` with line:column and a
 * caret — syntax, nesting deeper than MAX_NESTING_DEPTH, an alias with no anchor before it,
 * aliases expanding past MAX_ALIAS_COUNT (an alias bomb); the parser's warnings are returned (never printed by the parser as `(node:PID)` lines).
 * A plain file (no anchors, aliases, tags or directives) is read with js-yaml's core schema,
 * about three times faster; the `yaml` document that locates keys for messages is then built
 * only when a position is first asked for. Anything js-yaml refuses goes the full way, whose
 * error is the one reported.
 */
export function parseYamlText(file: string, raw: string): ParsedDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (!NEEDS_FULL_PARSER.test(text)) {
    const fast = fastParse(file, text);
    if (fast) return fast;
  }
  return fullParse(file, text);
}

function fastParse(file: string, text: string): ParsedDocument | undefined {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA }) ?? null;
  } catch {
    return undefined;
  }
  if (depthOver(value, MAX_NESTING_DEPTH)) return undefined;
  const source = new SourceText(text);
  source.hideSecrets(documentSecrets(value));
  let full: ParsedDocument | undefined;
  return {
    file,
    value,
    source,
    locate: (path, options) => {
      full ??= fullParse(file, text);
      return full.locate(path, options);
    },
    warnings: [],
  };
}

/** Whether `value` nests deeper than `limit` (the full parser then reports where). */
function depthOver(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  if (limit === 0) return true;
  for (const child of Object.values(value)) if (depthOver(child, limit - 1)) return true;
  return false;
}

function fullParse(file: string, text: string): ParsedDocument {
  const source = new SourceText(text);
  const deep = yamlTooDeepAt(text);
  if (deep !== undefined) throw tooDeepError(file, source, deep, EXAMPLE);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, logLevel: "silent" });
  // Converted once, before any error is raised, so every excerpt already hides the file's
  // secrets; a document too broken to convert has none to find.
  const converted = convert(doc);
  source.hideSecrets(documentSecrets("value" in converted ? converted.value : undefined));
  const first = doc.errors[0];
  if (first) {
    const position = source.position(first.pos[0]);
    throw new AgentFileError({
      code: "PARSE_ERROR",
      file,
      problem: `is not valid YAML: ${first.message.split("\n")[0]}`,
      ...position,
      excerpt: source.excerpt(position),
      example: EXAMPLE,
    });
  }
  if ("error" in converted) throw aliasError(file, doc, source, converted.error);
  const { value } = converted;
  const locate = (path: ConfigPath, { key = false } = {}): Position | undefined => {
    for (let length = path.length; length >= 0; length--) {
      const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
      if (key && length === path.length && length > 0) {
        const parent = doc.getIn(path.slice(0, length - 1), true) ?? doc.contents;
        const pair = isMap(parent)
          ? parent.items.find(
              (item) => isPair(item) && isScalar(item.key) && item.key.value === path[length - 1],
            )
          : undefined;
        const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
        if (range) return source.position(range[0]);
      }
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) return source.position(range[0]);
    }
    return undefined;
  };
  const warnings = doc.warnings.map((w) => ({
    message: w.message.split("\n")[0] ?? w.message,
    position: source.position(w.pos[0]),
  }));
  return { file, value, source, locate, warnings };
}

/** The document as plain values, or the error of an unresolved alias or an alias bomb. */
function convert(doc: Document): { value: unknown } | { error: unknown } {
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    return { error };
  }
}

/** An unresolved alias or an alias bomb, as a PARSE_ERROR at the alias. */
function aliasError(
  file: string,
  doc: Document,
  source: SourceText,
  error: unknown,
): AgentFileError {
  const message = (error as Error).message;
  const unresolved = /^Unresolved alias[^:]*: (.*)$/.exec(message)?.[1];
  let at: number | undefined;
  let name = "";
  visit(doc, {
    Alias(_, node) {
      if (unresolved !== undefined && node.source !== unresolved) return undefined;
      at = node.range?.[0];
      name = node.source;
      return visit.BREAK;
    },
  });
  const position = source.position(at ?? 0);
  return new AgentFileError({
    code: "PARSE_ERROR",
    file,
    problem:
      unresolved !== undefined
        ? `the alias *${name} refers to no anchor: define &${name} on a value before using *${name}`
        : `aliases (*${name} and others) expand to more than ${MAX_ALIAS_COUNT} copies, the limit that guards against alias bombs; write the values out or share fewer of them`,
    ...position,
    excerpt: source.excerpt(position),
    example: EXAMPLE,
    cause: error,
  });
}
