import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { KnownKeys } from "../key-warnings.js";
import { invalidAt } from "../schema-error.js";
import { fieldPathsAt } from "../server-draft.js";
import { nonEmpty, scalarText, seconds } from "../server-entry-schema.js";
import { msFromSeconds } from "../timeout-units.js";
import { EXAMPLES, FILE_EXAMPLES } from "./examples.js";
import {
  type FormatContext,
  foreignDraft,
  forwardedVariables,
  present,
  toolFilter,
} from "./foreign-server.js";
import { gooseHeaders } from "./goose-headers.js";
import { readServerTable } from "./read-server-table.js";

/** Goose extension types that run inside Goose itself: nothing for tinyloop to start. */
const IN_GOOSE_TYPES = ["builtin", "platform", "frontend", "inline_python"];

/** One entry of Goose's `extensions`. */
export const gooseExtensionSchema = lazySchema(() =>
  z.looseObject({
    type: z.optional(
      z.enum(["stdio", "sse", "streamable_http", ...IN_GOOSE_TYPES], {
        error: `expected "stdio", "sse", "streamable_http" or "builtin"`,
      }),
    ),
    cmd: z.optional(nonEmpty("expected a command to run")),
    args: z.optional(z.nullable(z.array(scalarText()))),
    envs: z.optional(z.nullable(z.record(z.string(), scalarText()))),
    env_keys: z.optional(z.nullable(z.array(z.string()))),
    uri: z.optional(nonEmpty("expected a URL")),
    headers: z.optional(z.nullable(z.record(z.string(), scalarText()))),
    timeout: z.optional(z.nullable(seconds())),
    enabled: z.optional(z.boolean()),
    available_tools: z.optional(z.nullable(z.array(z.string()))),
  }),
);

const KEYS: KnownKeys = {
  type: null,
  name: null,
  cmd: null,
  args: null,
  envs: null,
  env_keys: null,
  uri: null,
  headers: null,
  timeout: null,
  enabled: null,
  available_tools: null,
  display_name: null,
  description: null,
  bundled: null,
};

/**
 * Reads Goose's `config.yaml`: `extensions` of `type` `stdio` (`cmd`, `args`, `envs`,
 * `env_keys`), `sse` / `streamable_http` (`uri`, `headers`), with `timeout` (seconds, a tool
 * call's limit), `enabled` and `available_tools`. Extensions that run inside Goose
 * (`builtin`, `platform`…) are skipped with a warning. Goose's other settings are its own.
 * Variables by Goose's rule: only header values name them ({@link gooseHeaders}); the
 * `env_keys` are read from the environment.
 */
export function readGoose(context: FormatContext): FormatResult {
  const { doc, warn, env } = context;
  const references = new Set<string>();
  const result = readServerTable(
    context,
    {
      format: "goose",
      key: "extensions",
      missing: `"extensions" mapping`,
      expected: "a mapping of extension names to extensions",
      example: FILE_EXAMPLES.goose,
      entryExample: EXAMPLES.goose.stdio,
      nullIsMissing: true,
    },
    {
      reading: {
        schema: gooseExtensionSchema(),
        expected: "an extension mapping",
        examples: EXAMPLES.goose,
        known: KEYS,
      },
      toDraft: (entry, name, path) => {
        if (entry.type !== undefined && IN_GOOSE_TYPES.includes(entry.type)) {
          warn({
            path: [...path, "type"],
            message: `a Goose ${entry.type} extension runs inside Goose: tinyloop cannot start it, so it is skipped`,
          });
          return undefined;
        }
        if (entry.type === "stdio" && entry.uri !== undefined) {
          throw invalidAt(doc, [...path, "type"], {
            problem: `a "stdio" extension is started by "cmd", but this one has "uri"`,
            expected: `"streamable_http" or "sse" beside "uri"`,
            example: EXAMPLES.goose.http,
          });
        }
        if ((entry.type === "sse" || entry.type === "streamable_http") && entry.cmd !== undefined) {
          throw invalidAt(doc, [...path, "type"], {
            problem: `a "${entry.type}" extension is reached by "uri", but this one has "cmd"`,
            expected: `"stdio" beside "cmd"`,
            example: EXAMPLES.goose.stdio,
          });
        }
        const forwarded = forwardedVariables(
          entry.env_keys ?? undefined,
          [...path, "env_keys"],
          env,
          (variable, at) =>
            warn({
              path: at,
              message: `${variable} is not set: Goose may keep it in its keyring, which tinyloop does not read; set ${variable} in the environment`,
            }),
        );
        for (const variable of Object.keys(forwarded.env)) references.add(variable);
        return foreignDraft(
          doc,
          name,
          path,
          {
            kind: entry.type === "sse" ? "sse" : entry.type === "streamable_http" ? "http" : "auto",
            ...present("command", entry.cmd),
            args: entry.args ?? [],
            env: { ...forwarded.env, ...(entry.envs ?? {}) },
            ...present("url", entry.uri),
            headers: gooseHeaders(
              entry.headers ?? {},
              entry.envs ?? {},
              new Set(Object.keys(forwarded.env)),
              references,
            ),
            enabled: entry.enabled !== false,
            ...present("tools", toolFilter(entry.available_tools ?? undefined, undefined)),
            callMs: msFromSeconds(entry.timeout ?? undefined),
            fieldPaths: fieldPathsAt(path, { command: "cmd", env: "envs", url: "uri" }),
            valuePaths: { env: forwarded.paths },
          },
          { commandKey: "cmd", urlKey: "uri", examples: EXAMPLES.goose },
        );
      },
    },
  );
  return { ...result, variables: { kind: "literal", references } };
}
