import type { FormatResult } from "./agent-settings.js";
import {
  detectJsonFormat,
  detectTomlFormat,
  detectYamlFormat,
  type FileSyntax,
} from "./detect-format.js";
import { readCodex } from "./formats/codex.js";
import { readContinue } from "./formats/continue.js";
import { FILE_EXAMPLES } from "./formats/examples.js";
import type { FormatContext } from "./formats/foreign-server.js";
import { readGemini } from "./formats/gemini.js";
import { readGoose } from "./formats/goose.js";
import { readHermes } from "./formats/hermes.js";
import { readOpencode } from "./formats/opencode.js";
import { readServerMap } from "./formats/server-map.js";
import { readTinyAgents } from "./formats/tiny-agents.js";
import { readZed } from "./formats/zed.js";
import { invalidAt } from "./schema-error.js";

/**
 * Reads a parsed file with the reader of its format, found by {@link detectJsonFormat},
 * {@link detectYamlFormat} or {@link detectTomlFormat}: every path given to `readAgentFile`
 * goes through here, so a file is recognised wherever it sits.
 */
export function readFormat(
  syntax: FileSyntax,
  context: Omit<FormatContext, "byName">,
): FormatResult {
  const { doc, warn } = context;
  const detected =
    syntax === "toml"
      ? detectTomlFormat(doc.file)
      : syntax === "yaml"
        ? detectYamlFormat(doc.file, doc.value)
        : detectJsonFormat(doc.file, doc.value);
  if (!detected) {
    throw invalidAt(doc, [], {
      problem: `is none of the files tinyloop reads: no "mcpServers" (Claude, Cursor, Cline, Windsurf, Gemini CLI), no "servers" (tiny-agents agent.json, VS Code mcp.json), no "context_servers" (Zed), no "mcp" (opencode)`,
      example: FILE_EXAMPLES["mcp-servers"],
    });
  }
  const { problems, hints } = context;
  if (detected.format === "tiny-agents") return readTinyAgents(doc, warn, problems, hints);
  if ("at" in detected) return readServerMap(doc, detected, warn, problems, hints);
  const full: FormatContext = { ...context, byName: detected.byName };
  switch (detected.format) {
    case "codex":
      return readCodex(full);
    case "gemini":
      return readGemini(full);
    case "opencode":
      return readOpencode(full);
    case "zed":
      return readZed(full);
    case "goose":
      return readGoose(full);
    case "continue":
      return readContinue(full);
    case "hermes":
      return readHermes(doc, warn, problems, hints);
  }
}
