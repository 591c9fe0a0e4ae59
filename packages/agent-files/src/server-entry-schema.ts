import { z } from "zod";
import type { KnownKeys } from "./key-warnings.js";
import { lazySchema } from "./lazy-schema.js";

// YAML turns `PORT: 3000` into a number; an environment and argv only hold strings.
const scalarText = () =>
  z.union([z.string(), z.number(), z.boolean()], { error: "expected a string" }).transform(String);
const stringMap = () => z.record(z.string(), z.string());
const nameList = () =>
  z.union([z.string().transform((s) => [s]), z.array(z.string())], {
    error: "expected a tool name or a list of tool names",
  });
const seconds = () => z.number().positive();

/** `tools: { include, exclude }` (Hermes' `resources` / `prompts` switches are ignored with a warning). */
export const toolsFilterSchema = lazySchema(() =>
  z.object({ include: nameList().optional(), exclude: nameList().optional() }).loose(),
);

/** Every spelling of a transport type seen in the wild. */
export const transportTypeSchema = lazySchema(() =>
  z.enum(["stdio", "http", "sse", "streamable-http", "streamableHttp", "streamable_http"], {
    error: 'expected "stdio", "http" or "sse"',
  }),
);

/**
 * One server entry in the flat form every client writes (`command`/`args`/`env` or
 * `url`/`headers`), with the keys of other clients that mean something here. Unknown keys
 * pass (they become warnings, never errors).
 */
export const flatServerSchema = lazySchema(() =>
  z
    .object({
      type: transportTypeSchema().optional(),
      /** Cline's older spelling of `type`. */
      transportType: transportTypeSchema().optional(),
      command: z.string().min(1, "expected a command to run").optional(),
      args: z.array(scalarText()).optional(),
      env: z.record(z.string(), scalarText()).nullable().optional(),
      envFile: z.string().min(1).optional(),
      cwd: z.string().min(1, "expected a folder").optional(),
      url: z.string().min(1, "expected a URL").optional(),
      /** Windsurf's spelling of `url`. */
      serverUrl: z.string().min(1, "expected a URL").optional(),
      headers: stringMap().nullable().optional(),
      tools: toolsFilterSchema().optional(),
      enabled: z.boolean().optional(),
      disabled: z.boolean().optional(),
      timeout: seconds().optional(),
      connect_timeout: seconds().optional(),
      autoApprove: z.array(z.string()).optional(),
      alwaysAllow: z.array(z.string()).optional(),
      disabledTools: z.array(z.string()).optional(),
      auth: z.unknown().optional(),
      /** How to log in when the server asks for OAuth: mcp-transport's `oauth` config. */
      oauth: z.unknown().optional(),
      lazy: z.boolean().optional(),
      alwaysLoad: z.boolean().optional(),
    })
    .loose(),
);
/** A flat server entry after parsing. */
export type FlatServerEntry = z.infer<ReturnType<typeof flatServerSchema>>;

/** tiny-agents' nested form: `{ "type": "stdio", "config": { "command": … } }`. */
export const nestedServerSchema = lazySchema(() =>
  z
    .object({
      type: transportTypeSchema().optional(),
      config: z
        .object({
          command: z.string().min(1, "expected a command to run").optional(),
          args: z.array(scalarText()).optional(),
          env: z.record(z.string(), scalarText()).optional(),
          cwd: z.string().min(1).optional(),
          url: z.string().min(1, "expected a URL").optional(),
          options: z
            .object({
              requestInit: z.object({ headers: stringMap().optional() }).loose().optional(),
            })
            .loose()
            .optional(),
        })
        .loose(),
      tools: toolsFilterSchema().optional(),
      lazy: z.boolean().optional(),
      alwaysLoad: z.boolean().optional(),
    })
    .loose(),
);
/** A nested tiny-agents server entry after parsing. */
export type NestedServerEntry = z.infer<ReturnType<typeof nestedServerSchema>>;

/** Keys of a server entry that tinyloop uses, and other clients' keys it ignores (and why). */
export const SERVER_KEYS: KnownKeys = {
  type: null,
  transportType: null,
  command: null,
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
  autoApprove: null,
  alwaysAllow: null,
  disabledTools: null,
  auth: null,
  oauth: null,
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
  resources: "Hermes' tools.resources switch is ignored: tinyloop has no resource tools",
  prompts: "Hermes' tools.prompts switch is ignored: tinyloop has no prompt tools",
};
