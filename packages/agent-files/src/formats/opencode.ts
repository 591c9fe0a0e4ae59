import { describeValue, lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { KnownKeys } from "../key-warnings.js";
import { invalidAt } from "../schema-error.js";
import { fieldPathsAt } from "../server-draft.js";
import { nonEmpty, stringMap } from "../server-entry-schema.js";
import { wholeMs } from "../timeout-units.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import { type FormatContext, foreignDraft, present } from "./foreign-server.js";
import { substituteOpencode } from "./opencode-substitutions.js";
import { readServerTable } from "./read-server-table.js";

const ms = () => z.number().check(z.positive("a number of milliseconds more than 0"));

/** One entry of opencode's `mcp` map. */
export const opencodeServerSchema = lazySchema(() =>
  z.looseObject({
    type: z.optional(
      z.enum(["local", "remote"], { error: `expected "local" (a command) or "remote" (a url)` }),
    ),
    command: z.optional(
      z.array(z.string(), {
        error: `expected the command and its arguments as a list, e.g. ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."]`,
      }),
    ),
    environment: z.optional(stringMap()),
    cwd: z.optional(nonEmpty("expected a folder")),
    url: z.optional(nonEmpty("expected a URL")),
    headers: z.optional(stringMap()),
    enabled: z.optional(z.boolean()),
    disabled: z.optional(z.boolean()),
    timeout: z.optional(
      z.union([ms(), z.looseObject({ startup: z.optional(ms()), request: z.optional(ms()) })], {
        error: "expected milliseconds (5000) or { startup, request } in milliseconds",
      }),
    ),
    oauth: z.optional(
      z.union(
        [
          z.boolean(),
          z.looseObject({
            clientId: z.optional(nonEmpty()),
            clientSecret: z.optional(nonEmpty()),
            scope: z.optional(nonEmpty()),
          }),
        ],
        { error: "expected false or { clientId, clientSecret, scope }" },
      ),
    ),
  }),
);

const KEYS: KnownKeys = {
  type: null,
  command: null,
  environment: null,
  cwd: null,
  url: null,
  headers: null,
  enabled: null,
  disabled: null,
  timeout: null,
  oauth: null,
};

/**
 * Reads opencode's `opencode.json` / `opencode.jsonc`: the `mcp` map, `type: "local"` with
 * `command` as a list and `environment`, `type: "remote"` with `url`, `headers`, `oauth`;
 * `enabled`, `timeout` (ms; a number is the start-up wait, `{ startup, request }` both), and
 * opencode's `{env:VAR}` / `{file:PATH}` substitutions. opencode's other settings are its own.
 */
export function readOpencode(context: FormatContext): FormatResult {
  // opencode substitutes only its `{env:…}` and `{file:…}`: `${…}` stays as written.
  const references = new Set<string>();
  const { doc, warn, env } = context;
  const result = readServerTable(
    context,
    {
      format: "opencode",
      key: "mcp",
      missing: `"mcp" object`,
      expected: "an object of servers",
      example: FILE_EXAMPLES.opencode,
      entryExample: EXAMPLES.opencode.stdio,
    },
    {
      reading: (path) => ({
        schema: opencodeServerSchema(),
        expected: "a server object",
        examples: EXAMPLES.opencode,
        known: KEYS,
        prepare: (raw) => substituteOpencode(doc, raw, path, env.HOME, references),
      }),
      toDraft: (entry, name, path) => {
        if (entry.type === "local" && entry.url !== undefined) {
          throw invalidAt(doc, [...path, "type"], {
            problem: `a "local" server is started by "command", but this one has "url"`,
            expected: `"remote" beside "url"`,
            example: EXAMPLES.opencode.http,
          });
        }
        if (entry.type === "remote" && entry.command !== undefined) {
          throw invalidAt(doc, [...path, "type"], {
            problem: `a "remote" server is reached by "url", but this one has "command"`,
            expected: `"local" beside "command"`,
            example: EXAMPLES.opencode.stdio,
          });
        }
        const [command, ...args] = entry.command ?? [];
        if (entry.command !== undefined && !command) {
          throw invalidAt(doc, [...path, "command"], {
            expected: "the command and its arguments as a list of at least one string",
            received: describeValue(entry.command),
            example: EXAMPLES.opencode.stdio,
          });
        }
        const timeout = entry.timeout;
        const connectMs = typeof timeout === "number" ? timeout : timeout?.startup;
        const callMs = typeof timeout === "object" ? timeout.request : undefined;
        const oauth =
          typeof entry.oauth === "object"
            ? {
                ...present("clientId", entry.oauth.clientId),
                ...present("clientSecret", entry.oauth.clientSecret),
                ...(entry.oauth.scope ? { scopes: entry.oauth.scope.split(/\s+/) } : {}),
              }
            : undefined;
        if (entry.oauth === false && entry.url !== undefined) {
          warn({
            path: [...path, "oauth"],
            message:
              "oauth: false is not needed here: tinyloop logs in only when the server asks for OAuth",
          });
        }
        return foreignDraft(
          doc,
          name,
          path,
          {
            kind: "auto",
            ...present("command", command),
            args,
            env: entry.environment ?? {},
            ...present("cwd", entry.cwd),
            ...present("url", entry.url),
            headers: entry.headers ?? {},
            enabled: entry.enabled !== false && entry.disabled !== true,
            connectMs: wholeMs(connectMs),
            callMs: wholeMs(callMs),
            ...(oauth && Object.keys(oauth).length > 0 ? { oauth } : {}),
            fieldPaths: fieldPathsAt(path, {
              command: ["command", 0],
              args: "command",
              env: "environment",
            }),
            valuePaths: { args: args.map((_, i) => [...path, "command", i + 1]) },
          },
          { commandKey: "command", urlKey: "url", examples: EXAMPLES.opencode },
        );
      },
    },
  );
  return { ...result, variables: { kind: "literal", references } };
}
