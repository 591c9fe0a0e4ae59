import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import {
  END_WHEN_CHOICES,
  type FormatResult,
  reasoningShape,
  toolCallFormatShape,
} from "../agent-settings.js";
import { isMap } from "../detect-format.js";
import type { KeyWarning } from "../key-warnings.js";
import type { ParsedDocument } from "../parsed-document.js";
import type { ProblemList } from "../problem-list.js";
import { readServerEntries } from "../read-server-entries.js";
import type { EntryHints } from "../read-server-entry.js";
import { refuseReservedServerNames } from "../reserved-server-names.js";
import { invalidAt, parseGoodKeys } from "../schema-error.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";

/** A Hermes key in its right form, for an error at that key (a `model` error shows a model). */
const HERMES_KEY_EXAMPLES: Readonly<Record<string, string>> = {
  model: "model: { default: gpt-4o-mini, provider: openai }",
  provider: "provider: openai",
  base_url: "base_url: http://localhost:11434/v1",
  max_turns: "max_turns: 20",
  end_when: "end_when: text",
  toolCallFormat: "toolCallFormat: auto",
  reasoning: "reasoning: { effort: medium }",
};

// Hermes' `model` is either a model id or a mapping with the provider beside it.
const modelSchema = () =>
  z.union(
    [
      z.string().check(z.minLength(1)),
      z.looseObject({
        default: z.optional(z.string()),
        name: z.optional(z.string()),
        provider: z.optional(z.string()),
        base_url: z.optional(z.string()),
        api_key: z.optional(z.string()),
      }),
    ],
    { error: "a model id or a mapping such as { default: gpt-4o, provider: openai }" },
  );

/** A Hermes `config.yaml`; it holds much more than MCP (toolsets, terminal, memory…), which is left alone. */
export const hermesFileSchema = lazySchema(() =>
  z.looseObject({
    mcp_servers: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    model: z.optional(modelSchema()),
    provider: z.optional(z.string().check(z.minLength(1))),
    base_url: z.optional(z.string()),
    max_turns: z.optional(z.int().check(z.positive())),
    end_when: z.optional(z.enum(END_WHEN_CHOICES)),
    ...toolCallFormatShape(),
    ...reasoningShape(),
  }),
);

/**
 * Reads a Hermes-agent YAML config: `mcp_servers` mapping names to `command`/`args`/`env` or
 * `url`/`headers`, with `timeout` / `connect_timeout` in seconds, tinyloop's `reconnect` /
 * `pingInterval` (seconds), `enabled`, `auth` and
 * `tools: { include, exclude }`; plus `model` / `provider` / `base_url` keys, and tinyloop's
 * `end_when` (snake_case like the file's own `max_turns`), `toolCallFormat` and `reasoning`.
 */
export function readHermes(
  doc: ParsedDocument,
  warn: (w: KeyWarning) => void,
  problems: ProblemList,
  hints?: EntryHints,
): FormatResult {
  refuseReservedServerNames(
    doc,
    (doc.value as { mcp_servers?: unknown } | null)?.mcp_servers,
    ["mcp_servers"],
    EXAMPLES.hermes.stdio,
  );
  // Every problem at once: the top-level keys' (a bad model, max_turns) and each server's.
  const parsed =
    parseGoodKeys(
      hermesFileSchema(),
      doc.value ?? {},
      {
        doc,
        example: (path) =>
          path.length === 0 || path[0] === "mcp_servers"
            ? FILE_EXAMPLES.hermes
            : (HERMES_KEY_EXAMPLES[String(path[0])] ?? FILE_EXAMPLES.hermes),
      },
      problems,
    ) ?? {};
  const rawServers = (doc.value as { mcp_servers?: unknown } | null)?.mcp_servers;
  if (rawServers === undefined) {
    throw invalidAt(doc, [], {
      problem: `has no "mcp_servers" mapping`,
      example: FILE_EXAMPLES.hermes,
    });
  }
  const serverMap = parsed.mcp_servers ?? (isMap(rawServers) ? rawServers : {});
  const servers = readServerEntries(
    serverMap,
    ["mcp_servers"],
    { doc, examples: EXAMPLES.hermes, warn, hints },
    problems,
  );
  const result: FormatResult = {
    format: "hermes",
    settings: {},
    settingPaths: {},
    inputs: [],
    servers,
    // Hermes Agent's own rule for its `mcp_servers` (tools/mcp_tool_config.py).
    variables: { kind: "hermes" },
  };
  const model = parsed.model;
  if (typeof model === "string") {
    result.settings.model = model;
    result.settingPaths.model = ["model"];
  } else if (model) {
    const id = model.default ?? model.name;
    if (id) {
      result.settings.model = id;
      result.settingPaths.model = ["model", model.default ? "default" : "name"];
    }
    if (model.provider) {
      result.settings.provider = model.provider;
      result.settingPaths.provider = ["model", "provider"];
    }
    if (model.base_url) {
      result.settings.endpointUrl = model.base_url;
      result.settingPaths.endpointUrl = ["model", "base_url"];
    }
    if (model.api_key) {
      result.settings.apiKey = model.api_key;
      result.settingPaths.apiKey = ["model", "api_key"];
    }
  }
  if (parsed.provider) {
    result.settings.provider = parsed.provider;
    result.settingPaths.provider = ["provider"];
  }
  if (parsed.base_url) {
    result.settings.endpointUrl = parsed.base_url;
    result.settingPaths.endpointUrl = ["base_url"];
  }
  if (parsed.max_turns) result.settings.maxTurns = parsed.max_turns;
  if (parsed.end_when) result.settings.endWhen = parsed.end_when;
  if (parsed.toolCallFormat) result.settings.toolCallFormat = parsed.toolCallFormat;
  if (parsed.reasoning) result.settings.reasoning = parsed.reasoning;
  return result;
}
