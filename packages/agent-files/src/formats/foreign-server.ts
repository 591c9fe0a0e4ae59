import { describeValue } from "@tinyloop/errors";
import type * as z from "zod/mini";
import type { AgentFileToolFilter } from "../agent-file.js";
import type { FormatResult } from "../agent-settings.js";
import type { ConfigPath } from "../config-path.js";
import { type KeyWarning, type KnownKeys, keyWarnings } from "../key-warnings.js";
import type { ParsedDocument } from "../parsed-document.js";
import type { ProblemList } from "../problem-list.js";
import { type EntryExamples, type EntryHints, entryExample } from "../read-server-entry.js";
import { refuseReservedServerNames } from "../reserved-server-names.js";
import { invalidAt, parseAt } from "../schema-error.js";
import type { ServerDraft } from "../server-draft.js";

/** What a format reader gets besides the document. */
export interface FormatContext {
  doc: ParsedDocument;
  warn(warning: KeyWarning): void;
  /** The variables `${…}` expands from: readers that forward variables by name look here. */
  env: Record<string, string | undefined>;
  /**
   * The file was recognised by its name and place alone (`.codex/config.toml`, `opencode.json`):
   * without its servers key it is a valid file with no servers (a warning says so).
   */
  byName: boolean;
  /** The caller's hints for the texts of server entries (see `EntryHints`). */
  hints?: EntryHints | undefined;
  /** Where each part's problem goes, so the reader goes on and every problem is said at once. */
  problems: ProblemList;
}

/**
 * What a reader does when the file has no servers key: a file known by its place has no
 * servers (one warning says so); any other file is not one of ours, an error.
 */
export function noServers(
  context: FormatContext,
  format: FormatResult["format"],
  { key, example }: { key: string; example: string },
): FormatResult {
  if (!context.byName) {
    throw invalidAt(context.doc, [], {
      problem: `has no ${key}`,
      example,
    });
  }
  context.warn({ path: [], message: `has no ${key}: no MCP servers to start` });
  return serversOnly(format, []);
}

/** A foreign format's result: its servers alone (another client's settings are its own). */
export function serversOnly(format: FormatResult["format"], servers: ServerDraft[]): FormatResult {
  return { format, settings: {}, settingPaths: {}, inputs: [], servers };
}

/** Where a format keeps its server table, and the texts of {@link serverTableAt}'s checks. */
export interface ServerTable {
  format: FormatResult["format"];
  /** The root key holding the table, e.g. `"mcp_servers"`. */
  key: string;
  /** What a file without the table lacks, for {@link noServers}, e.g. `"mcp" object`. */
  missing: string;
  /** What the table is when it is not a map, e.g. `"an object of servers"`. */
  expected: string;
  /** A whole file with the table, shown with the table's errors. */
  example: string;
  /** One written entry, shown when a server's name is reserved. */
  entryExample: string;
  /** A `null` table (YAML's empty key) counts as no table. Default: it is not a map. */
  nullIsMissing?: boolean;
}

/**
 * The opening check of a foreign format's server table, in order: no table → {@link noServers}
 * (returned as `none`, the reader's whole result); not a map → `INVALID` ({@link mapAt}); a
 * server under a reserved name → `INVALID` at its key. Otherwise the table, to read entry by entry.
 */
export function serverTableAt(
  context: FormatContext,
  { format, key, missing, expected, example, entryExample, nullIsMissing }: ServerTable,
): { none: FormatResult } | { table: Record<string, unknown> } {
  const { doc } = context;
  const table = ((doc.value ?? {}) as Record<string, unknown>)[key];
  if (table === undefined || (nullIsMissing && table === null)) {
    return { none: noServers(context, format, { key: missing, example }) };
  }
  mapAt(doc, [key], table, { expected, example });
  refuseReservedServerNames(doc, table, [key], entryExample);
  return { table: table as Record<string, unknown> };
}

/** How {@link readEntryAt} reads one server entry of another client's file. */
export interface EntryReading<T extends z.core.$ZodType> {
  /** The entry's schema in the client's own keys. */
  schema: T;
  /** What a server entry is in this format, for the error when it is not a map, e.g. `"a server object"`. */
  expected: string;
  /** A written entry of each kind; an error about an entry shows the one of its kind ({@link entryExample}). */
  examples: EntryExamples;
  /** The keys the format uses or knowingly ignores; any other key warns. */
  known: KnownKeys;
  /** Rewrites the entry's values before it is checked (a format's own substitutions); keys stay. */
  prepare?(entry: Record<string, unknown>): unknown;
}

/**
 * `value` (found at `path`) as a map, or an `INVALID` error there naming what was expected,
 * with the example: the one non-map check of the foreign formats, for their server tables
 * and each entry in them.
 */
export function mapAt(
  doc: ParsedDocument,
  path: ConfigPath,
  value: unknown,
  { expected, example }: { expected: string; example: string },
): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidAt(doc, path, { expected, received: describeValue(value), example });
  }
  return value as Record<string, unknown>;
}

/**
 * The check every foreign format makes of one server entry at `path`: not a map → an
 * `INVALID` error naming what was expected, with the example; then the entry against the
 * format's schema (its errors carry the example too); then one warning per key the format
 * does not use. Returns the parsed entry.
 */
export function readEntryAt<T extends z.core.$ZodType>(
  { doc, warn }: Pick<FormatContext, "doc" | "warn">,
  path: ConfigPath,
  raw: unknown,
  { schema, expected, examples, known, prepare }: EntryReading<T>,
): z.output<T> {
  const entry = mapAt(doc, path, raw, { expected, example: examples.stdio });
  const example = entryExample(entry, examples);
  const parsed = parseAt(schema, prepare ? prepare(entry) : entry, { doc, at: path, example });
  for (const w of keyWarnings(entry, known, path)) warn(w);
  return parsed;
}

/** A server of another client's file, in tinyloop's terms, before the common checks. */
export interface ForeignServer {
  kind: ServerDraft["kind"];
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  enabled?: boolean;
  tools?: AgentFileToolFilter;
  autoApprove?: string[];
  callMs?: number;
  connectMs?: number;
  oauth?: unknown;
  fieldPaths: ServerDraft["fieldPaths"];
  valuePaths?: ServerDraft["valuePaths"];
}

/**
 * A draft from a server of another client's file, after the check every format shares: a
 * server is either started (a command) or reached (a URL), named by the file's own keys.
 */
export function foreignDraft(
  doc: ParsedDocument,
  name: string,
  path: ConfigPath,
  server: ForeignServer,
  { commandKey, urlKey, examples }: { commandKey: string; urlKey: string; examples: EntryExamples },
): ServerDraft {
  if (server.command !== undefined && server.url !== undefined) {
    throw invalidAt(doc, path, {
      problem: `has both "${commandKey}" and "${urlKey}"; a server is either started (${commandKey}) or reached (${urlKey})`,
      example: examples.stdio,
    });
  }
  if (server.command === undefined && server.url === undefined) {
    throw invalidAt(doc, path, {
      problem: `has neither "${commandKey}" (a server to start) nor "${urlKey}" (a server to reach)`,
      example: `${examples.stdio}  or  ${examples.http}`,
    });
  }
  const enabled = server.enabled !== false;
  const draft: ServerDraft = {
    name,
    path,
    kind: server.command !== undefined ? "stdio" : server.kind,
    args: server.args ?? [],
    env: server.env ?? {},
    headers: server.headers ?? {},
    fieldPaths: server.fieldPaths,
    enabled,
    autoApprove: server.autoApprove ?? [],
  };
  if (!enabled) draft.disabledReason = "disabled in the file";
  if (server.command !== undefined) draft.command = server.command;
  if (server.url !== undefined) draft.url = server.url;
  if (server.cwd !== undefined) draft.cwd = server.cwd;
  if (server.tools) draft.tools = server.tools;
  if (server.callMs !== undefined) draft.callMs = server.callMs;
  if (server.connectMs !== undefined) draft.connectMs = server.connectMs;
  if (server.oauth !== undefined) draft.oauth = server.oauth;
  if (server.valuePaths) draft.valuePaths = server.valuePaths;
  return draft;
}

/** `{ include, exclude }` from lists a file may or may not have; undefined when both are empty. */
export function toolFilter(
  include: readonly string[] | undefined,
  exclude: readonly string[] | undefined,
): AgentFileToolFilter | undefined {
  const filter: AgentFileToolFilter = {};
  if (include && include.length > 0) filter.include = [...include];
  if (exclude && exclude.length > 0) filter.exclude = [...exclude];
  return filter.include || filter.exclude ? filter : undefined;
}

/**
 * `${NAME}` for each variable named by a list that forwards variables from the environment
 * (Codex `env_vars`, Goose `env_keys`), with where each name sits; unset ones are skipped and
 * passed to `unset`.
 */
export function forwardedVariables(
  names: readonly string[] | undefined,
  at: ConfigPath,
  env: FormatContext["env"],
  unset: (name: string, path: ConfigPath) => void,
): { env: Record<string, string>; paths: Record<string, ConfigPath> } {
  const out: Record<string, string> = {};
  const paths: Record<string, ConfigPath> = {};
  (names ?? []).forEach((name, index) => {
    if (env[name] === undefined) {
      unset(name, [...at, index]);
      return;
    }
    out[name] = `\${${name}}`;
    paths[name] = [...at, index];
  });
  return { env: out, paths };
}

/** `{ [key]: value }` when the value is there, else `{}`: for spreading optional fields. */
export function present<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
