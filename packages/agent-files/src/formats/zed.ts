import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { KnownKeys } from "../key-warnings.js";
import { fieldPathsAt } from "../server-draft.js";
import { nonEmpty, stringMap } from "../server-entry-schema.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import { type FormatContext, foreignDraft, present } from "./foreign-server.js";
import { readServerTable } from "./read-server-table.js";

/** Zed's older `command: { path, args, env }`. */
const commandObjectSchema = () =>
  z.looseObject({
    path: nonEmpty("expected a command to run"),
    args: z.optional(z.array(z.string())),
    env: z.optional(z.nullable(stringMap())),
  });

/** One entry of Zed's `context_servers`. */
export const zedServerSchema = lazySchema(() =>
  z.looseObject({
    source: z.optional(z.string()),
    command: z.optional(
      z.union([nonEmpty(), commandObjectSchema()], {
        error: `expected a command ("npx") or { "path": "npx", "args": [], "env": {} }`,
      }),
    ),
    args: z.optional(z.array(z.string())),
    env: z.optional(z.nullable(stringMap())),
    url: z.optional(nonEmpty("expected a URL")),
    headers: z.optional(z.nullable(stringMap())),
    enabled: z.optional(z.boolean()),
    settings: z.optional(z.unknown()),
  }),
);

const KEYS: KnownKeys = {
  source: null,
  command: null,
  args: null,
  env: null,
  url: null,
  headers: null,
  enabled: null,
  settings: null,
};

/**
 * Reads Zed's `settings.json` (JSONC): `context_servers` in the flat shape (`command`, `args`,
 * `env`, `enabled`), the older `command: { path, args, env }` shape, or `url` + `headers`. An
 * entry an extension provides (only `settings`, no command) cannot be started outside Zed: it
 * is skipped with a warning. Zed's other settings are its own.
 */
export function readZed(context: FormatContext): FormatResult {
  const { doc, warn } = context;
  const result = readServerTable(
    context,
    {
      format: "zed",
      key: "context_servers",
      missing: `"context_servers" object`,
      expected: "an object of servers",
      example: FILE_EXAMPLES.zed,
      entryExample: EXAMPLES.zed.stdio,
    },
    {
      reading: {
        schema: zedServerSchema(),
        expected: "a server object",
        examples: EXAMPLES.zed,
        known: KEYS,
      },
      toDraft: (entry, name, path) => {
        if (entry.command === undefined && entry.url === undefined && entry.source !== "custom") {
          warn({
            path,
            message: `provided by a Zed extension (no "command" or "url"): only Zed can start it, so it is skipped`,
          });
          return undefined;
        }
        const nested = typeof entry.command === "object" ? entry.command : undefined;
        return foreignDraft(
          doc,
          name,
          path,
          {
            kind: "auto",
            ...present("command", nested ? nested.path : (entry.command as string | undefined)),
            args: (nested ? nested.args : entry.args) ?? [],
            env: (nested ? nested.env : entry.env) ?? {},
            ...present("url", entry.url),
            headers: entry.headers ?? {},
            enabled: entry.enabled !== false,
            fieldPaths: fieldPathsAt(
              path,
              nested
                ? {
                    command: ["command", "path"],
                    args: ["command", "args"],
                    env: ["command", "env"],
                  }
                : {},
            ),
          },
          { commandKey: "command", urlKey: "url", examples: EXAMPLES.zed },
        );
      },
    },
  );
  // Zed expands nothing in its settings: `${MY_TOKEN}` in a header is sent as written.
  return { ...result, variables: { kind: "literal", references: new Set() } };
}
