import { isMap, isPair, isScalar, LineCounter, parseDocument } from "yaml";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import { documentSecrets } from "./document-secrets.js";
import type { ParsedDocument } from "./parsed-document.js";
import { type Position, SourceText } from "./source-text.js";

const EXAMPLE = `mcp_servers: { files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } }`;

/**
 * Parses YAML. Errors throw {@link AgentFileError} `PARSE_ERROR` with line:column and a
 * caret; the parser's warnings are returned (never printed by the parser as `(node:PID)` lines).
 */
export function parseYamlText(file: string, raw: string): ParsedDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const source = new SourceText(text);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, logLevel: "silent" });
  source.hideSecrets(documentSecrets(secretsView(doc)));
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
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
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

/** The document's values for finding its secrets; a document too broken to convert has none. */
function secretsView(doc: ReturnType<typeof parseDocument>): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}
