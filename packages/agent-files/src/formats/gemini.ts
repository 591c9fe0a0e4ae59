import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { KnownKeys } from "../key-warnings.js";
import { invalidAt, parseAt } from "../schema-error.js";
import { fieldPathsAt } from "../server-draft.js";
import { nonEmpty, stringMap, transportTypeSchema } from "../server-entry-schema.js";
import { wholeMs } from "../timeout-units.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import {
  type FormatContext,
  foreignDraft,
  present,
  serversOnly,
  serverTableAt,
  toolFilter,
} from "./foreign-server.js";
import { readTableEntries } from "./read-server-table.js";

/** One entry of Gemini CLI's `mcpServers`. */
export const geminiServerSchema = lazySchema(() =>
  z.looseObject({
    command: z.optional(nonEmpty("expected a command to run")),
    args: z.optional(z.array(z.string())),
    env: z.optional(stringMap()),
    cwd: z.optional(nonEmpty("expected a folder")),
    url: z.optional(nonEmpty("expected a URL")),
    httpUrl: z.optional(nonEmpty("expected a URL")),
    type: z.optional(transportTypeSchema()),
    headers: z.optional(stringMap()),
    timeout: z.optional(z.number().check(z.positive("a number of milliseconds more than 0"))),
    trust: z.optional(z.boolean()),
    includeTools: z.optional(z.array(z.string())),
    excludeTools: z.optional(z.array(z.string())),
    oauth: z.optional(
      z.looseObject({
        enabled: z.optional(z.boolean()),
        clientId: z.optional(nonEmpty()),
        clientSecret: z.optional(nonEmpty()),
        scopes: z.optional(z.array(nonEmpty())),
      }),
    ),
  }),
);

/** Gemini's `mcp: { allowed, excluded }`: which servers of the file may run. */
const serverListsSchema = lazySchema(() =>
  z.looseObject({
    allowed: z.optional(z.array(z.string())),
    excluded: z.optional(z.array(z.string())),
  }),
);

const KEYS: KnownKeys = {
  command: null,
  args: null,
  env: null,
  cwd: null,
  url: null,
  httpUrl: null,
  type: null,
  headers: null,
  timeout: null,
  trust: null,
  includeTools: null,
  excludeTools: null,
  oauth: null,
  description: null,
  authProviderType:
    "Gemini's authProviderType is ignored: tinyloop logs in with OAuth when the server asks",
  targetAudience: "Gemini's targetAudience (Google ID tokens) is ignored",
  targetServiceAccount: "Gemini's targetServiceAccount (Google ID tokens) is ignored",
  extensionName: null,
};

/**
 * Reads Gemini CLI's `settings.json`: `mcpServers` with `command`/`args`/`env`/`cwd`, `url`
 * (SSE), `httpUrl` (Streamable HTTP), `headers`, `timeout` (ms), `includeTools` /
 * `excludeTools`, `oauth`; `mcp.allowed` / `mcp.excluded` name the servers that may run.
 * Gemini's other settings (`model`, `theme`, `hooks`…) are its own and left alone.
 */
export function readGemini(context: FormatContext): FormatResult {
  const { doc, warn } = context;
  const root = doc.value as Record<string, unknown>;
  const opened = serverTableAt(context, {
    format: "gemini",
    key: "mcpServers",
    missing: `"mcpServers" object`,
    expected: "an object of servers",
    example: FILE_EXAMPLES.gemini,
    entryExample: EXAMPLES.gemini.stdio,
  });
  if ("none" in opened) return opened.none;
  const lists =
    root.mcp === undefined
      ? {}
      : parseAt(serverListsSchema(), root.mcp, {
          doc,
          at: ["mcp"],
          example: `"mcp": { "excluded": ["old-server"] }`,
        });
  const servers = readTableEntries(context, opened.table, "mcpServers", {
    reading: {
      schema: geminiServerSchema(),
      expected: "a server object",
      examples: EXAMPLES.gemini,
      known: KEYS,
    },
    toDraft: (entry, name, path) => {
      if (entry.url !== undefined && entry.httpUrl !== undefined) {
        throw invalidAt(doc, path, {
          problem: `has both "url" (SSE) and "httpUrl" (Streamable HTTP); keep the one the server speaks`,
          example: EXAMPLES.gemini.http,
        });
      }
      if (entry.trust === true) {
        warn({
          path: [...path, "trust"],
          message: `Gemini's trust is not honoured: this server's tools are approved as the agent's approval setting says`,
        });
      }
      const urlKey = entry.httpUrl !== undefined ? "httpUrl" : "url";
      // Gemini: `url` is SSE unless `type` says otherwise; `httpUrl` is Streamable HTTP.
      const kind =
        entry.httpUrl !== undefined
          ? "http"
          : entry.type === undefined || entry.type === "sse"
            ? "sse"
            : "http";
      const oauth = {
        ...present("clientId", entry.oauth?.clientId),
        ...present("clientSecret", entry.oauth?.clientSecret),
        ...present("scopes", entry.oauth?.scopes),
      };
      const excluded = lists.excluded?.includes(name) === true;
      const notAllowed = lists.allowed !== undefined && !lists.allowed.includes(name);
      const draft = foreignDraft(
        doc,
        name,
        path,
        {
          kind,
          ...present("command", entry.command),
          args: entry.args ?? [],
          env: entry.env ?? {},
          ...present("cwd", entry.cwd),
          ...present("url", entry.httpUrl ?? entry.url),
          headers: entry.headers ?? {},
          enabled: !excluded && !notAllowed,
          ...present("tools", toolFilter(entry.includeTools, entry.excludeTools)),
          callMs: wholeMs(entry.timeout),
          ...(Object.keys(oauth).length > 0 ? { oauth } : {}),
          fieldPaths: fieldPathsAt(path, { url: urlKey }),
        },
        { commandKey: "command", urlKey: "httpUrl", examples: EXAMPLES.gemini },
      );
      if (excluded) draft.disabledReason = "listed in mcp.excluded";
      else if (notAllowed) draft.disabledReason = "not listed in mcp.allowed";
      return draft;
    },
  });
  // Gemini CLI's rule: `$VAR` and `${VAR}`, an unset one left as written (SAP's `$TMP` stays).
  return { ...serversOnly("gemini", servers), variables: { kind: "gemini" } };
}
