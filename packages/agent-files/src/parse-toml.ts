import { parse, TomlError } from "smol-toml";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import { documentSecrets } from "./document-secrets.js";
import { MAX_NESTING_DEPTH, tooDeepError } from "./nesting-limit.js";
import type { ParsedDocument } from "./parsed-document.js";
import { type Position, SourceText } from "./source-text.js";
import { tomlKeyOffsets } from "./toml-key-offsets.js";

const EXAMPLE = `[mcp_servers.files]  command = "npx"  args = ["-y", "@modelcontextprotocol/server-filesystem", "."]`;

/**
 * Parses TOML (Codex's `config.toml`) with smol-toml. A syntax error throws
 * {@link AgentFileError} `PARSE_ERROR` with line:column and a caret; positions of keys for
 * later messages come from {@link tomlKeyOffsets} (smol-toml gives values only).
 */
export function parseTomlText(file: string, raw: string): ParsedDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const source = new SourceText(text);
  let value: unknown;
  try {
    value = parse(text, { maxDepth: MAX_NESTING_DEPTH });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const position = { line: error.line, column: error.column };
    if (/excessively nested/.test(error.message)) {
      const lineStart = text.split("\n", position.line - 1).reduce((n, l) => n + l.length + 1, 0);
      throw tooDeepError(file, source, lineStart + position.column - 1, EXAMPLE);
    }
    throw new AgentFileError({
      code: "PARSE_ERROR",
      file,
      problem: `is not valid TOML: ${error.message.split("\n")[0]?.replace(/^Invalid TOML document: /, "")}`,
      ...position,
      excerpt: source.excerpt(position),
      example: EXAMPLE,
      cause: error,
    });
  }
  source.hideSecrets(documentSecrets(value));
  const offsets = tomlKeyOffsets(text);
  const locate = (path: ConfigPath, { key = false } = {}): Position | undefined => {
    for (let length = path.length; length >= 0; length--) {
      if (length === 0) return source.position(0);
      const found = offsets.get(JSON.stringify(path.slice(0, length)));
      if (found) return source.position(key && length === path.length ? found.key : found.value);
    }
    return undefined;
  };
  return { file, value, source, locate, warnings: [] };
}
