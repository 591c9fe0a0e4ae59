import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { KnownKeys } from "./key-warnings.js";

/** A string; YAML turns `PORT: 3000` into a number, and an environment and argv only hold strings. */
export const scalarText = () =>
  z.pipe(
    z.union([z.string(), z.number(), z.boolean()], { error: "expected a string" }),
    z.transform(String),
  );
/** An object of strings (`headers`). */
export const stringMap = () => z.record(z.string(), z.string());
const nameList = () =>
  z.union(
    [
      z.pipe(
        z.string(),
        z.transform((s) => [s]),
      ),
      z.array(z.string()),
    ],
    {
      error: "expected a tool name or a list of tool names",
    },
  );
/** A positive number of seconds. */
export const seconds = () => z.number().check(z.positive("a number of seconds more than 0"));
/** A string of at least one character; `message` replaces "a non-empty string". */
export const nonEmpty = (message?: string) => z.string().check(z.minLength(1, message));

/** `tools: { include, exclude }` (Hermes' `resources` / `prompts` switches are ignored with a warning). */
export const toolsFilterSchema = lazySchema(() =>
  z.looseObject({ include: z.optional(nameList()), exclude: z.optional(nameList()) }),
);

/**
 * Every spelling of a transport type seen in the wild: opencode's `local` (a command) and
 * `remote` (a URL, Streamable HTTP with the SSE fallback) too.
 */
export const transportTypeSchema = lazySchema(() =>
  z.enum(
    [
      "stdio",
      "http",
      "sse",
      "streamable-http",
      "streamableHttp",
      "streamable_http",
      "local",
      "remote",
    ],
    { error: 'expected "stdio", "http" or "sse"' },
  ),
);

/**
 * One server entry in the flat form every client writes (`command`/`args`/`env` or
 * `url`/`headers`), with the keys of other clients that mean something here. Unknown keys
 * pass (they become warnings, never errors).
 */
export const flatServerSchema = lazySchema(() =>
  z.looseObject({
    type: z.optional(transportTypeSchema()),
    /** Cline's older spelling of `type`. */
    transportType: z.optional(transportTypeSchema()),
    command: z.optional(nonEmpty("expected a command to run")),
    /** tinyloop's own: another agent (folder or file) run as a stdio server (`tinyloop mcp serve`). */
    agent: z.optional(nonEmpty("expected the path of an agent folder or file")),
    args: z.optional(z.array(scalarText())),
    env: z.optional(z.nullable(z.record(z.string(), scalarText()))),
    envFile: z.optional(nonEmpty()),
    cwd: z.optional(nonEmpty("expected a folder")),
    url: z.optional(nonEmpty("expected a URL")),
    /** Windsurf's spelling of `url`. */
    serverUrl: z.optional(nonEmpty("expected a URL")),
    headers: z.optional(z.nullable(stringMap())),
    tools: z.optional(toolsFilterSchema()),
    enabled: z.optional(z.boolean()),
    disabled: z.optional(z.boolean()),
    timeout: z.optional(seconds()),
    connect_timeout: z.optional(seconds()),
    /** Checked by `readReconnect` (server-reconnect.ts), so its errors carry their own example. */
    reconnect: z.optional(z.unknown()),
    pingInterval: z.optional(z.unknown()),
    autoApprove: z.optional(z.array(z.string())),
    alwaysAllow: z.optional(z.array(z.string())),
    disabledTools: z.optional(z.array(z.string())),
    auth: z.optional(z.unknown()),
    /** How to log in when the server asks for OAuth: mcp-transport's `oauth` config. */
    oauth: z.optional(z.unknown()),
    /** tinyloop's own: confine a stdio server; checked by mcp-transport's `sandbox` schema. */
    sandbox: z.optional(z.unknown()),
    lazy: z.optional(z.boolean()),
    alwaysLoad: z.optional(z.boolean()),
  }),
);
/** A flat server entry after parsing. */
export type FlatServerEntry = z.infer<ReturnType<typeof flatServerSchema>>;

/** tiny-agents' nested form: `{ "type": "stdio", "config": { "command": … } }`. */
export const nestedServerSchema = lazySchema(() =>
  z.looseObject({
    type: z.optional(transportTypeSchema()),
    config: z.looseObject({
      command: z.optional(nonEmpty("expected a command to run")),
      args: z.optional(z.array(scalarText())),
      env: z.optional(z.record(z.string(), scalarText())),
      cwd: z.optional(nonEmpty()),
      url: z.optional(nonEmpty("expected a URL")),
      options: z.optional(
        z.looseObject({
          requestInit: z.optional(z.looseObject({ headers: z.optional(stringMap()) })),
        }),
      ),
    }),
    tools: z.optional(toolsFilterSchema()),
    lazy: z.optional(z.boolean()),
    alwaysLoad: z.optional(z.boolean()),
    reconnect: z.optional(z.unknown()),
    pingInterval: z.optional(z.unknown()),
    sandbox: z.optional(z.unknown()),
  }),
);
/** A nested tiny-agents server entry after parsing. */
export type NestedServerEntry = z.infer<ReturnType<typeof nestedServerSchema>>;

/** Keys of a server entry that tinyloop uses, and other clients' keys it ignores (and why). */
export const SERVER_KEYS: KnownKeys = {
  type: null,
  transportType: null,
  command: null,
  agent: null,
  args: null,
  env: null,
  envFile: null,
  cwd: null,
  url: null,
  serverUrl: null,
  headers: null,
  tools: null,
  enabled: null,
  disabled: null,
  timeout: null,
  connect_timeout: null,
  reconnect: null,
  pingInterval: null,
  pingIntervalMs: 'ignored: agent files give "pingInterval" in seconds',
  autoApprove: null,
  alwaysAllow: null,
  disabledTools: null,
  auth: null,
  oauth: null,
  sandbox: null,
  lazy: null,
  alwaysLoad: null,
  description: "a description; tinyloop does not use it",
  idle_timeout_seconds:
    "Hermes' idle_timeout_seconds is ignored: tinyloop keeps a server open for the whole session",
  max_lifetime_seconds:
    "Hermes' max_lifetime_seconds is ignored: tinyloop does not restart servers on a schedule",
  dev: "VS Code's dev (watch/debug) settings are ignored",
  watchPaths: "Roo Code's watchPaths is ignored: tinyloop does not restart servers on file changes",
  gallery: "VS Code's gallery link is ignored",
  version: "VS Code's version is ignored",
};

/** Keys of the nested tiny-agents entry. */
export const NESTED_SERVER_KEYS: KnownKeys = {
  type: null,
  config: null,
  tools: null,
  lazy: null,
  alwaysLoad: null,
  reconnect: null,
  pingInterval: null,
  pingIntervalMs: 'ignored: agent files give "pingInterval" in seconds',
  sandbox: null,
};
/** Keys inside a nested entry's `config`. */
export const NESTED_CONFIG_KEYS: KnownKeys = {
  command: null,
  args: null,
  env: null,
  cwd: null,
  url: null,
  options: null,
};
/** Keys of `tools`. */
export const TOOLS_KEYS: KnownKeys = {
  include: null,
  exclude: null,
  resources:
    "Hermes' tools.resources switch is ignored: a server's resources are always offered as its list_resources/read_resource tools (leave them out with tools.exclude)",
  prompts:
    "Hermes' tools.prompts switch is ignored: a server's prompts are always offered as its list_prompts/get_prompt tools (leave them out with tools.exclude)",
};
