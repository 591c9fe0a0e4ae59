import { dirname, resolve } from "node:path";
import { describeValue } from "@tinyloop/errors";
import type { ConfigPath } from "./config-path.js";
import { type KeyWarning, keyWarnings } from "./key-warnings.js";
import { literalOAuthSecrets } from "./oauth-secret-warnings.js";
import type { ParsedDocument } from "./parsed-document.js";
import { invalidAt, parseAt } from "./schema-error.js";
import { fieldPathsAt, type ServerDraft } from "./server-draft.js";
import {
  type FlatServerEntry,
  flatServerSchema,
  NESTED_CONFIG_KEYS,
  NESTED_SERVER_KEYS,
  nestedServerSchema,
  SERVER_KEYS,
  TOOLS_KEYS,
} from "./server-entry-schema.js";
import { readReconnect } from "./server-reconnect.js";
import { msFromSeconds } from "./timeout-units.js";

/** Examples of a right server entry, in the syntax of the file being read. */
export interface EntryExamples {
  stdio: string;
  http: string;
}

/** The keys and types that make an entry a server to reach, in every format's own words. */
const URL_KEYS = ["url", "serverUrl", "httpUrl", "uri"];
const REMOTE_TYPES = [
  "http",
  "sse",
  "streamable-http",
  "streamable_http",
  "streamableHttp",
  "remote",
];

/**
 * The example for an entry's errors in the entry's own kind: an HTTP one beside a URL key or
 * a remote `type` (a bad `url` is shown a `url`, never a `command`), else a stdio one.
 */
export function entryExample(entry: Record<string, unknown>, examples: EntryExamples): string {
  const type = entry.type ?? entry.transportType;
  const remote =
    URL_KEYS.some((key) => entry[key] !== undefined) ||
    (typeof type === "string" && REMOTE_TYPES.includes(type));
  return remote ? examples.http : examples.stdio;
}

/**
 * What the caller tells the user in the texts of a server entry, in its own terms (a CLI
 * names its commands): the library's texts name none.
 */
export interface EntryHints {
  /**
   * How to log in to an OAuth server before it first asks, ending the warning about an `auth`
   * value tinyloop does not know, e.g. "`tinyloop mcp login NAME` logs in ahead".
   */
  loginAhead?: string | undefined;
}

/** Context for reading one entry. */
export interface EntryContext {
  /** The caller's hints for this entry's texts. Default: none. */
  hints?: EntryHints | undefined;
  doc: ParsedDocument;
  path: ConfigPath;
  examples: EntryExamples;
  /** Whether the nested tiny-agents `config` form is allowed here. */
  nested: boolean;
  warn(warning: KeyWarning): void;
}

type Draft = Omit<ServerDraft, "name">;

/** The command an `agent` entry runs: the tinyloop CLI (`tinyloop mcp serve <agent>`). */
export const AGENT_SERVER_COMMAND = "tinyloop";

const AGENT_EXAMPLE = '{ "agent": "../researcher" }';

function kindOf(type: FlatServerEntry["type"]): "http" | "sse" | "auto" | "stdio" {
  if (type === undefined || type === "remote") return "auto";
  if (type === "local") return "stdio";
  if (type === "stdio" || type === "sse") return type;
  return "http";
}

function filterOf(
  tools: FlatServerEntry["tools"],
  extraExclude: string[] | undefined,
): ServerDraft["tools"] {
  const include = tools?.include;
  const exclude = [...(tools?.exclude ?? []), ...(extraExclude ?? [])];
  if (!include && exclude.length === 0) return undefined;
  return { ...(include ? { include } : {}), ...(exclude.length > 0 ? { exclude } : {}) };
}

/**
 * Reads one server entry of any dialect into a draft: the flat form (Claude, Cursor, Cline,
 * Claude Code, VS Code, Windsurf, Hermes, tiny-agents) or tiny-agents' nested `config` form.
 * Type errors throw {@link AgentFileError}; unknown keys only warn.
 */
export function readServerEntry(raw: unknown, context: EntryContext): Draft {
  const { doc, path, examples } = context;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw invalidAt(doc, path, {
      expected: "a server object",
      received: describeValue(raw),
      example: examples.stdio,
    });
  }
  const entry = raw as Record<string, unknown>;
  if ("config" in entry && context.nested) return readNested(entry, context);
  if ("config" in entry) {
    throw invalidAt(
      doc,
      [...path, "config"],
      {
        problem: `the nested "config" form belongs to tiny-agents' agent.json; here put "command"/"args" or "url" directly on the server`,
        example: examples.stdio,
      },
      { key: true },
    );
  }
  const parsed = parseAt(flatServerSchema(), entry, {
    doc,
    at: path,
    example: entryExample(entry, examples),
  });
  for (const w of keyWarnings(entry, SERVER_KEYS, path)) context.warn(w);
  if (parsed.tools)
    for (const w of keyWarnings(parsed.tools, TOOLS_KEYS, [...path, "tools"])) context.warn(w);

  const urlKey = parsed.url !== undefined ? "url" : "serverUrl";
  const url = parsed.url ?? parsed.serverUrl;
  if (parsed.agent !== undefined) {
    if (parsed.command !== undefined || url !== undefined) {
      throw invalidAt(doc, path, {
        problem: `has both "agent" and "${parsed.command !== undefined ? "command" : urlKey}"; an agent entry starts that agent as a server, so give only "agent"`,
        example: AGENT_EXAMPLE,
      });
    }
    // Run as `tinyloop mcp serve <agent>`: the CLI provides `tinyloop` (itself) when not on PATH.
    const agent = resolve(dirname(doc.file), parsed.agent);
    parsed.command = AGENT_SERVER_COMMAND;
    parsed.args = ["mcp", "serve", agent, ...(parsed.args ?? [])];
    // Read again as the stdio entry it stands for (its warnings were given above).
    const draft = readServerEntry(
      { ...entry, agent: undefined, command: parsed.command, args: parsed.args },
      { ...context, warn: () => undefined },
    );
    return { ...draft, agent };
  }
  const typeKey = parsed.type !== undefined ? "type" : "transportType";
  const kind = kindOf(parsed.type ?? parsed.transportType);
  if (parsed.command !== undefined && url !== undefined) {
    throw invalidAt(doc, path, {
      problem: `has both "command" and "${urlKey}"; a server is either started (command) or reached (url)`,
      example: examples.stdio,
    });
  }
  if (parsed.command === undefined && url === undefined) {
    throw invalidAt(doc, path, {
      problem: `has neither "command" (a server to start) nor "url" (a server to reach)`,
      example: `${examples.stdio}  or  ${examples.http}`,
    });
  }
  if (parsed.command !== undefined && kind !== "auto" && kind !== "stdio") {
    throw invalidAt(doc, [...path, typeKey], {
      problem: `a "${parsed.type ?? parsed.transportType}" server is reached by "url", but this one has "command"`,
      expected: `"stdio" (or no ${typeKey}) beside "command"`,
      example: examples.stdio,
    });
  }
  if (url !== undefined && kind === "stdio") {
    throw invalidAt(doc, [...path, typeKey], {
      problem: `a "stdio" server is started by "command", but this one has "${urlKey}"`,
      expected: `"http" or "sse" beside "${urlKey}"`,
      example: examples.http,
    });
  }

  const draft: Draft = {
    path,
    kind: parsed.command !== undefined ? "stdio" : kind,
    args: parsed.args ?? [],
    env: parsed.env ?? {},
    headers: parsed.headers ?? {},
    fieldPaths: fieldPathsAt(path, { url: urlKey }),
    enabled: parsed.enabled !== false && parsed.disabled !== true,
    autoApprove: [...(parsed.autoApprove ?? []), ...(parsed.alwaysAllow ?? [])],
  };
  if (!draft.enabled) draft.disabledReason = "disabled in the file";
  // Hermes `auth: oauth`: tinyloop logs in whenever an HTTP server asks for OAuth, so the
  // key needs nothing more; any other value is not one we know.
  if (parsed.auth !== undefined && !(parsed.auth === "oauth" && url !== undefined)) {
    context.warn({
      path: [...path, "auth"],
      message: `ignored: the only auth tinyloop knows is "oauth" on a server with a url (it then logs in when the server asks${context.hints?.loginAhead ? `; ${context.hints.loginAhead}` : ""}), got ${JSON.stringify(parsed.auth)}`,
    });
  }
  if (parsed.oauth !== undefined) {
    draft.oauth = parsed.oauth;
    for (const w of literalOAuthSecrets(parsed.oauth, path)) context.warn(w);
  }
  if (parsed.sandbox !== undefined)
    draft.sandbox = { value: parsed.sandbox, path: [...path, "sandbox"] };
  if (parsed.command !== undefined) draft.command = parsed.command;
  if (url !== undefined) draft.url = url;
  if (parsed.cwd !== undefined) draft.cwd = parsed.cwd;
  if (parsed.envFile !== undefined) draft.envFile = parsed.envFile;
  const tools = filterOf(parsed.tools, parsed.disabledTools);
  if (tools) draft.tools = tools;
  if (parsed.timeout !== undefined) draft.callMs = msFromSeconds(parsed.timeout);
  if (parsed.connect_timeout !== undefined) draft.connectMs = msFromSeconds(parsed.connect_timeout);
  if (parsed.lazy !== undefined) draft.lazy = parsed.lazy;
  if (parsed.alwaysLoad !== undefined) draft.alwaysLoad = parsed.alwaysLoad;
  Object.assign(draft, readReconnect(parsed, { doc, path, warn: context.warn }));
  return draft;
}

function readNested(entry: Record<string, unknown>, context: EntryContext): Draft {
  const { doc, path } = context;
  const parsed = parseAt(nestedServerSchema(), entry, {
    doc,
    at: path,
    example: `{ "type": "stdio", "config": { "command": "npx", "args": ["@playwright/mcp@latest"] } }`,
  });
  for (const w of keyWarnings(entry, NESTED_SERVER_KEYS, path)) context.warn(w);
  for (const w of keyWarnings(parsed.config, NESTED_CONFIG_KEYS, [...path, "config"]))
    context.warn(w);
  const kind = kindOf(parsed.type);
  const config = parsed.config;
  const at = [...path, "config"];
  const stdio = kind === "stdio" || (kind === "auto" && config.url === undefined);
  if (stdio && config.command === undefined) {
    throw invalidAt(doc, at, {
      problem: `expected "command" in the config of a stdio server`,
      example: `{ "type": "stdio", "config": { "command": "npx", "args": ["@playwright/mcp@latest"] } }`,
    });
  }
  if (!stdio && config.url === undefined) {
    throw invalidAt(doc, at, {
      problem: `expected "url" in the config of an ${parsed.type} server`,
      example: `{ "type": "http", "config": { "url": "https://example.com/mcp", "options": { "requestInit": { "headers": { "Authorization": "Bearer \${input:token}" } } } } }`,
    });
  }
  const draft: Draft = {
    path,
    kind: stdio ? "stdio" : kind,
    args: config.args ?? [],
    env: config.env ?? {},
    headers: config.options?.requestInit?.headers ?? {},
    fieldPaths: fieldPathsAt(at, { headers: ["options", "requestInit", "headers"] }),
    enabled: true,
    autoApprove: [],
  };
  if (stdio && config.command !== undefined) draft.command = config.command;
  if (!stdio && config.url !== undefined) draft.url = config.url;
  if (config.cwd !== undefined) draft.cwd = config.cwd;
  if (parsed.sandbox !== undefined)
    draft.sandbox = { value: parsed.sandbox, path: [...path, "sandbox"] };
  const tools = filterOf(parsed.tools, undefined);
  if (tools) draft.tools = tools;
  if (parsed.lazy !== undefined) draft.lazy = parsed.lazy;
  if (parsed.alwaysLoad !== undefined) draft.alwaysLoad = parsed.alwaysLoad;
  Object.assign(draft, readReconnect(parsed, { doc, path, warn: context.warn }));
  return draft;
}
