import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { ConfigPath } from "../config-path.js";
import type { KnownKeys } from "../key-warnings.js";
import { fieldPathsAt } from "../server-draft.js";
import { nonEmpty, seconds, stringMap } from "../server-entry-schema.js";
import { msFromSeconds, wholeMs } from "../timeout-units.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import {
  type FormatContext,
  foreignDraft,
  forwardedVariables,
  present,
  toolFilter,
} from "./foreign-server.js";
import { readServerTable } from "./read-server-table.js";

const nameList = () => z.array(z.string());

/** One `[mcp_servers.NAME]` table of Codex's `config.toml`. */
export const codexServerSchema = lazySchema(() =>
  z.looseObject({
    command: z.optional(nonEmpty("expected a command to run")),
    args: z.optional(z.array(z.string())),
    env: z.optional(stringMap()),
    env_vars: z.optional(nameList()),
    cwd: z.optional(nonEmpty("expected a folder")),
    url: z.optional(nonEmpty("expected a URL")),
    http_headers: z.optional(stringMap()),
    env_http_headers: z.optional(stringMap()),
    bearer_token_env_var: z.optional(nonEmpty("expected the name of a variable")),
    enabled: z.optional(z.boolean()),
    startup_timeout_sec: z.optional(seconds()),
    startup_timeout_ms: z.optional(
      z.number().check(z.positive("a number of milliseconds more than 0")),
    ),
    tool_timeout_sec: z.optional(seconds()),
    enabled_tools: z.optional(nameList()),
    disabled_tools: z.optional(nameList()),
    tools: z.optional(
      z.record(
        z.string(),
        z.looseObject({
          enabled: z.optional(z.boolean()),
          approval_mode: z.optional(z.string()),
        }),
      ),
    ),
    scopes: z.optional(z.array(nonEmpty())),
    oauth: z.optional(
      z.looseObject({
        client_id: z.optional(nonEmpty()),
        client_secret: z.optional(nonEmpty()),
        callback_port: z.optional(z.int()),
      }),
    ),
  }),
);

const KEYS: KnownKeys = {
  command: null,
  args: null,
  env: null,
  env_vars: null,
  cwd: null,
  url: null,
  http_headers: null,
  env_http_headers: null,
  bearer_token_env_var: null,
  enabled: null,
  startup_timeout_sec: null,
  startup_timeout_ms: null,
  tool_timeout_sec: null,
  enabled_tools: null,
  disabled_tools: null,
  tools: null,
  scopes: null,
  oauth: null,
  required:
    "Codex's required is ignored: tinyloop starts without a server that fails unless none connects",
  bearer_token:
    'Codex\'s old inline bearer_token is ignored: put the token in a variable and name it in "bearer_token_env_var"',
};

/**
 * Reads OpenAI Codex's `config.toml`: each `[mcp_servers.NAME]` table (`command`/`args`/`env`
 * — also as `[mcp_servers.NAME.env]` — `env_vars`, `cwd`; or `url`, `http_headers`,
 * `env_http_headers`, `bearer_token_env_var`), `enabled`, `startup_timeout_sec` /
 * `startup_timeout_ms` and `tool_timeout_sec`, `enabled_tools` / `disabled_tools` and per-tool
 * tables. Everything else in the file (model, sandbox, profiles…) is Codex's and ignored quietly.
 */
export function readCodex(context: FormatContext): FormatResult {
  // Codex expands nothing in its values: only the variables it names by key are read.
  const references = new Set<string>();
  const { doc, env } = context;
  const result = readServerTable(
    context,
    {
      format: "codex",
      key: "mcp_servers",
      missing: "[mcp_servers.NAME] table (Codex keeps its MCP servers there)",
      expected: "a table of servers ([mcp_servers.NAME])",
      example: FILE_EXAMPLES.codex,
      entryExample: EXAMPLES.codex.stdio,
    },
    {
      reading: {
        schema: codexServerSchema(),
        expected: "a table ([mcp_servers.NAME] with command or url)",
        examples: EXAMPLES.codex,
        known: KEYS,
      },
      toDraft: (entry, name, path) => {
        const forwarded = forwardedVariables(entry.env_vars, [...path, "env_vars"], env, () => {});
        for (const name of Object.keys(forwarded.env)) references.add(name);
        const headers: Record<string, string> = { ...(entry.http_headers ?? {}) };
        const headerPaths: Record<string, ConfigPath> = {};
        for (const [header, variable] of Object.entries(entry.env_http_headers ?? {})) {
          references.add(variable);
          headers[header] = `\${${variable}}`;
          headerPaths[header] = [...path, "env_http_headers", header];
        }
        if (entry.bearer_token_env_var !== undefined) {
          references.add(entry.bearer_token_env_var);
          headers.Authorization = `Bearer \${${entry.bearer_token_env_var}}`;
          headerPaths.Authorization = [...path, "bearer_token_env_var"];
        }
        const excluded = Object.entries(entry.tools ?? {})
          .filter(([, tool]) => tool.enabled === false)
          .map(([tool]) => tool);
        const approved = Object.entries(entry.tools ?? {})
          .filter(([, tool]) => tool.approval_mode === "approve")
          .map(([tool]) => tool);
        const oauth = {
          ...present("clientId", entry.oauth?.client_id),
          ...present("clientSecret", entry.oauth?.client_secret),
          ...present("callbackPort", entry.oauth?.callback_port),
          ...present("scopes", entry.scopes),
        };
        return foreignDraft(
          doc,
          name,
          path,
          {
            kind: "http",
            ...present("command", entry.command),
            args: entry.args ?? [],
            env: { ...forwarded.env, ...(entry.env ?? {}) },
            ...present("cwd", entry.cwd),
            ...present("url", entry.url),
            headers,
            enabled: entry.enabled !== false,
            ...present(
              "tools",
              toolFilter(entry.enabled_tools, [...(entry.disabled_tools ?? []), ...excluded]),
            ),
            autoApprove: approved,
            callMs: msFromSeconds(entry.tool_timeout_sec),
            // startup_timeout_sec wins over the older startup_timeout_ms.
            connectMs:
              msFromSeconds(entry.startup_timeout_sec) ?? wholeMs(entry.startup_timeout_ms),
            ...(Object.keys(oauth).length > 0 && entry.url !== undefined ? { oauth } : {}),
            fieldPaths: fieldPathsAt(path, { headers: "http_headers" }),
            valuePaths: { env: forwarded.paths, headers: headerPaths },
          },
          { commandKey: "command", urlKey: "url", examples: EXAMPLES.codex },
        );
      },
    },
  );
  return { ...result, variables: { kind: "literal", references } };
}
