import { describeValue, lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import { inputSchema, toAgentInputs } from "../agent-inputs.js";
import {
  agentSettingsShape,
  type FormatResult,
  pickSettings,
  SETTINGS_KEYS,
  topLevelSettingPaths,
} from "../agent-settings.js";
import { type KeyWarning, keyWarnings } from "../key-warnings.js";
import type { ParsedDocument } from "../parsed-document.js";
import { type ProblemList, readEach } from "../problem-list.js";
import { type EntryHints, readServerEntry } from "../read-server-entry.js";
import { invalidAt, parseGoodKeys } from "../schema-error.js";
import { deriveServerName, uniqueNames } from "../server-names.js";
import { EXAMPLES, FILE_EXAMPLES, TINY_AGENTS_KEY_EXAMPLES } from "./examples.js";

/** tiny-agents' `agent.json`. */
export const tinyAgentsFileSchema = lazySchema(() =>
  z.looseObject({
    $schema: z.optional(z.string()),
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    ...agentSettingsShape(),
    inputs: z.optional(z.array(inputSchema())),
    servers: z.optional(z.array(z.unknown(), { error: "expected a list" })),
  }),
);

const KEYS = {
  $schema: null,
  name: null,
  description: null,
  inputs: null,
  servers: null,
  ...SETTINGS_KEYS,
};

/**
 * Reads a Hugging Face tiny-agents `agent.json`. Both server shapes work: flat
 * `{ type, command, args, env }` / `{ type, url, headers }` and nested `{ type, config: { … } }`.
 * Names come from each command or URL, made unique.
 */
export function readTinyAgents(
  doc: ParsedDocument,
  warn: (w: KeyWarning) => void,
  problems: ProblemList,
  hints?: EntryHints,
): FormatResult {
  const raw = doc.value;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw invalidAt(doc, [], {
      expected: "an object",
      received: describeValue(raw),
      example: FILE_EXAMPLES["tiny-agents"],
    });
  }
  // Every problem of the file at once: the top-level keys' and each server entry's.
  const parsed = parseGoodKeys(
    tinyAgentsFileSchema(),
    raw,
    {
      doc,
      example: (path) =>
        path.length === 0
          ? FILE_EXAMPLES["tiny-agents"]
          : (TINY_AGENTS_KEY_EXAMPLES[String(path[0])] ?? FILE_EXAMPLES["tiny-agents"]),
    },
    problems,
  );
  if (parsed) for (const w of keyWarnings(raw as Record<string, unknown>, KEYS, [])) warn(w);
  const rawServers = (raw as { servers?: unknown }).servers;
  const entries = parsed?.servers ?? (Array.isArray(rawServers) ? rawServers : []);
  const drafts = readEach(
    entries,
    (entry, index) =>
      readServerEntry(entry, {
        doc,
        path: ["servers", index],
        examples: EXAMPLES["tiny-agents"],
        nested: true,
        warn,
        hints,
      }),
    problems,
  );
  const names = uniqueNames(drafts.map((d) => deriveServerName(d)));
  const settings = pickSettings(parsed ?? {});
  return {
    format: "tiny-agents",
    ...(parsed?.name ? { name: parsed.name } : {}),
    settings,
    settingPaths: topLevelSettingPaths(settings),
    inputs: toAgentInputs(parsed?.inputs, ["inputs"], warn),
    servers: drafts.map((d, i) => ({ ...d, name: names[i] ?? `server-${i + 1}` })),
  };
}
