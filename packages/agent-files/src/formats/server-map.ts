import { valueAt } from "@tinyloop/errors";
import * as z from "zod/mini";
import { inputSchema, toAgentInputs } from "../agent-inputs.js";
import {
  agentSettingsShape,
  type FileSettings,
  type FormatResult,
  pickSettings,
  SETTINGS_KEYS,
  topLevelSettingPaths,
} from "../agent-settings.js";
import type { ConfigPath } from "../config-path.js";
import { isMap } from "../detect-format.js";
import { type KeyWarning, keyWarnings } from "../key-warnings.js";
import type { ParsedDocument } from "../parsed-document.js";
import type { ProblemList } from "../problem-list.js";
import { readServerEntries } from "../read-server-entries.js";
import type { EntryHints } from "../read-server-entry.js";
import { refuseReservedServerNames } from "../reserved-server-names.js";
import { invalidAt, parseGoodKeys } from "../schema-error.js";
import { EXAMPLES, FILE_EXAMPLES, TINY_AGENTS_KEY_EXAMPLES } from "./examples.js";

/**
 * A file whose servers are a map of name → entry under `key`: Claude Desktop, Cursor, Cline,
 * Claude Code, Windsurf (`mcpServers`), VS Code `.vscode/mcp.json` and Cursor's newer files
 * (`servers`), VS Code `settings.json` (`mcp.servers`). Other top-level keys are app settings.
 */
export function serverMapFileSchema(key: string) {
  return z.looseObject({
    ...agentSettingsShape(),
    [key]: z.record(z.string(), z.unknown(), { error: "expected an object of servers" }),
    inputs: z.optional(z.array(inputSchema(), { error: "expected a list" })),
  });
}

const TOP_KEYS = {
  $schema: null,
  inputs: null,
  mcpServers: null,
  servers: null,
  mcp: null,
  ...SETTINGS_KEYS,
};

/** Reads the server map at `at` (`["mcpServers"]`, `["servers"]` or `["mcp", "servers"]`). */
export function readServerMap(
  doc: ParsedDocument,
  { format, at }: { format: "mcp-servers" | "vscode"; at: ConfigPath },
  warn: (w: KeyWarning) => void,
  problems: ProblemList,
  hints?: EntryHints,
): FormatResult {
  const base = at.slice(0, -1);
  const key = at[at.length - 1] as string;
  const container = (base.length > 0 ? valueAt(doc.value, base) : doc.value) as Record<
    string,
    unknown
  >;
  refuseReservedServerNames(doc, container?.[key], at, EXAMPLES[format].stdio);
  // Every problem at once: the top-level keys' (a bad model, inputs) and each server's.
  const parsed = parseGoodKeys(
    serverMapFileSchema(key),
    container,
    {
      doc,
      at: base,
      // A settings key's error shows that key (the settings keys are tiny-agents' own), the
      // servers map's a whole file.
      example: (path) => {
        const top = path[base.length];
        if (top === undefined || top === key) return FILE_EXAMPLES[format];
        return TINY_AGENTS_KEY_EXAMPLES[String(top)] ?? FILE_EXAMPLES[format];
      },
    },
    problems,
  );
  if (parsed && base.length === 0)
    for (const w of keyWarnings(container, TOP_KEYS, [], { quietUnknown: true })) warn(w);
  const rawMap = container?.[key];
  const map = (parsed?.[key] ?? (isMap(rawMap) ? rawMap : {})) as Record<string, unknown>;
  const servers = readServerEntries(
    map,
    at,
    { doc, examples: EXAMPLES[format], warn, hints },
    problems,
    (name) => {
      if (name.trim() === "") {
        throw invalidAt(doc, at, {
          problem: "a server has an empty name",
          example: EXAMPLES[format].stdio,
        });
      }
    },
  );
  const settings = parsed && base.length === 0 ? pickSettings(parsed as FileSettings) : {};
  return {
    format,
    settings,
    settingPaths: topLevelSettingPaths(settings),
    inputs: toAgentInputs(parsed?.inputs, [...base, "inputs"], warn),
    servers,
  };
}
