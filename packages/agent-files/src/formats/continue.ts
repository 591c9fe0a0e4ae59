import { describeValue, lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { ConfigPath } from "../config-path.js";
import type { KnownKeys } from "../key-warnings.js";
import { readEach } from "../problem-list.js";
import { refuseReservedServerName } from "../reserved-server-names.js";
import { invalidAt } from "../schema-error.js";
import { fieldPathsAt, type ServerDraft } from "../server-draft.js";
import { nonEmpty, scalarText } from "../server-entry-schema.js";
import { uniqueNames } from "../server-names.js";
import { wholeMs } from "../timeout-units.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import {
  type FormatContext,
  foreignDraft,
  noServers,
  present,
  readEntryAt,
  serversOnly,
} from "./foreign-server.js";

const textMap = () => z.record(z.string(), scalarText());

/** One item of Continue's `mcpServers` list. */
export const continueServerSchema = lazySchema(() =>
  z.looseObject({
    name: z.pipe(scalarText(), z.string().check(z.minLength(1, "expected a server name"))),
    type: z.optional(
      z.enum(["stdio", "sse", "streamable-http", "websocket"], {
        error: `expected "stdio", "sse" or "streamable-http"`,
      }),
    ),
    command: z.optional(nonEmpty("expected a command to run")),
    args: z.optional(z.nullable(z.array(scalarText()))),
    env: z.optional(z.nullable(textMap())),
    cwd: z.optional(nonEmpty("expected a folder")),
    url: z.optional(nonEmpty("expected a URL")),
    headers: z.optional(z.nullable(textMap())),
    requestOptions: z.optional(z.looseObject({ headers: z.optional(z.nullable(textMap())) })),
    connectionTimeout: z.optional(
      z.number().check(z.positive("a number of milliseconds more than 0")),
    ),
  }),
);

const KEYS: KnownKeys = {
  name: null,
  type: null,
  command: null,
  args: null,
  env: null,
  cwd: null,
  url: null,
  headers: null,
  requestOptions: null,
  connectionTimeout: null,
  faviconUrl: "Continue's faviconUrl is ignored",
  sourceFile: null,
};

// Continue's templates `${{ secrets.NAME }}` / `${{ inputs.NAME }}`: tinyloop reads them from
// the environment as `${NAME}` (Continue's secrets live in its hub, not on this machine); each
// NAME goes to `references`, the only names expanded: Continue leaves other `${…}` as written.
const continueTemplates =
  (references: Set<string>) =>
  (value: unknown): unknown => {
    const again = continueTemplates(references);
    if (typeof value === "string")
      return value.replace(
        /\$\{\{\s*(?:secrets|inputs)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g,
        (_, name: string) => {
          references.add(name);
          return `\${${name}}`;
        },
      );
    if (Array.isArray(value)) return value.map(again);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, again(v)]));
    return value;
  };

/**
 * Reads Continue's `config.yaml` and its one-file blocks (`.continue/mcpServers/*.yaml`): the
 * `mcpServers` **list** of `{ name, command, args, env, cwd }` or `{ name, type, url,
 * requestOptions.headers }`, with `connectionTimeout` (ms). An empty list is a file with no
 * servers. `${{ secrets.NAME }}` is read as `${NAME}`. Continue's other keys are its own.
 */
export function readContinue(context: FormatContext): FormatResult {
  const { doc, warn } = context;
  const root = (doc.value ?? {}) as Record<string, unknown>;
  const list = root.mcpServers;
  if (list === undefined || list === null) {
    return noServers(context, "continue", {
      key: `"mcpServers" list`,
      example: FILE_EXAMPLES.continue,
    });
  }
  if (!Array.isArray(list)) {
    throw invalidAt(doc, ["mcpServers"], {
      expected: "a list of servers",
      received: describeValue(list),
      example: FILE_EXAMPLES.continue,
    });
  }
  const drafts: ServerDraft[] = [];
  const references = new Set<string>();
  readEach(
    list,
    (raw, index) => {
      const path: ConfigPath = ["mcpServers", index];
      const entry = readEntryAt(context, path, raw, {
        schema: continueServerSchema(),
        expected: "a server mapping",
        examples: EXAMPLES.continue,
        known: KEYS,
        prepare: continueTemplates(references),
      });
      refuseReservedServerName(doc, entry.name, [...path, "name"], EXAMPLES.continue.stdio);
      if (entry.type === "websocket") {
        warn({
          path: [...path, "type"],
          message: `a websocket server cannot be reached by tinyloop (it speaks stdio, Streamable HTTP and SSE), so "${entry.name}" is skipped`,
        });
        return;
      }
      if (entry.type === "stdio" && entry.url !== undefined) {
        throw invalidAt(doc, [...path, "type"], {
          problem: `a "stdio" server is started by "command", but this one has "url"`,
          expected: `"streamable-http" or "sse" beside "url"`,
          example: EXAMPLES.continue.http,
        });
      }
      if (entry.type !== undefined && entry.type !== "stdio" && entry.command !== undefined) {
        throw invalidAt(doc, [...path, "type"], {
          problem: `a "${entry.type}" server is reached by "url", but this one has "command"`,
          expected: `"stdio" (or no type) beside "command"`,
          example: EXAMPLES.continue.stdio,
        });
      }
      const headerKey = entry.headers ? "headers" : "requestOptions";
      drafts.push(
        foreignDraft(
          doc,
          entry.name,
          path,
          {
            kind: entry.type === "sse" ? "sse" : entry.type === "streamable-http" ? "http" : "auto",
            ...present("command", entry.command),
            args: entry.args ?? [],
            env: entry.env ?? {},
            ...present("cwd", entry.cwd),
            ...present("url", entry.url),
            headers: { ...(entry.requestOptions?.headers ?? {}), ...(entry.headers ?? {}) },
            connectMs: wholeMs(entry.connectionTimeout),
            fieldPaths: fieldPathsAt(path, {
              headers: headerKey === "headers" ? "headers" : ["requestOptions", "headers"],
            }),
          },
          { commandKey: "command", urlKey: "url", examples: EXAMPLES.continue },
        ),
      );
    },
    context.problems,
  );
  const names = uniqueNames(drafts.map((draft) => draft.name));
  drafts.forEach((draft, i) => {
    draft.name = names[i] ?? draft.name;
  });
  return { ...serversOnly("continue", drafts), variables: { kind: "literal", references } };
}
