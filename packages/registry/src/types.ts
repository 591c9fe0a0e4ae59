import type { ToolResult } from "./content.js";

/** A JSON Schema object (draft-07 or 2020-12, chosen by its `$schema`). */
export type JsonSchema = Record<string, unknown>;

/** Progress a running tool reports (same fields as MCP's progress notification). */
export interface ToolProgress {
  /** Work done so far; grows with every report. */
  progress: number;
  /** Total work, when known (then `progress / total` is the fraction done). */
  total?: number;
  /** A short human-readable note about the current step. */
  message?: string;
}

/** Per-call context passed to a handler. Every field is optional. */
export interface ToolContext {
  /** Aborts the call; `dispatch` then answers a "cancelled" result at once. */
  signal?: AbortSignal;
  /** Receives progress reports from the handler. */
  onProgress?: (progress: ToolProgress) => void;
  /** The model's id for this tool call, for logging and correlation. */
  callId?: string;
}

/**
 * The function that runs a tool. It receives arguments already validated against the
 * tool's `inputSchema`, and may return a string (wrapped as one text block) or a
 * {@link ToolResult}, synchronously or as a promise.
 */
export type ToolHandler = (
  args: Record<string, unknown>,
  context: ToolContext,
) => ToolResult | string | Promise<ToolResult | string>;

/** MCP's behaviour hints for a tool. They are hints, not guarantees. */
export interface ToolAnnotations {
  /** A human-readable title for the tool. */
  title?: string;
  /** The tool does not change its environment. */
  readOnlyHint?: boolean;
  /** The tool may destroy or overwrite things (meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotentHint?: boolean;
  /** The tool reaches an open world (the web, other people), not a closed one. */
  openWorldHint?: boolean;
}

/** Where a tool came from when an MCP server provides it. */
export interface ToolSource {
  /** The server's configured name. */
  server: string;
  /** The tool's name on that server (before prefixing and sanitising). */
  tool: string;
}

/** Everything the registry and the model need to know about a tool. */
export interface ToolDefinition {
  /** Unique name matching `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** JSON Schema of the arguments object. */
  inputSchema: JsonSchema;
  /** Group the tool belongs to, for filtering and bulk removal (e.g. `builtin`, `mcp-github`). */
  toolset: string;
  /** MCP's behaviour hints (read-only, destructive, …), passed on as given. */
  annotations?: ToolAnnotations;
  /** JSON Schema of `structuredContent` (kept, not enforced by the registry). */
  outputSchema?: JsonSchema;
  /** Set when the tool came from an MCP server. */
  source?: ToolSource;
  /**
   * Deferral: `true` keeps the tool out of the model's tool list until an agent's
   * `tool_search` finds it; `false` always offers it (say, a server marked `alwaysLoad`),
   * even when the agent defers tools of its kind; unset lets the toolset's deferral
   * ({@link ToolRegistry.deferToolset}) and then the agent's `toolSearch` policy decide.
   */
  deferred?: boolean;
}

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Replace a tool already registered under the same name instead of refusing it. */
  replace?: boolean;
}

/**
 * Filter of {@link ToolRegistry.list}. Names are exact (no globs). An omitted or empty
 * `toolsets` / `include` list does not restrict anything.
 */
export interface ListFilter {
  /** Only tools in one of these toolsets. */
  toolsets?: readonly string[];
  /** Only tools with one of these exact names. */
  include?: readonly string[];
  /** Never tools with one of these exact names (applied last). */
  exclude?: readonly string[];
}

/** What kind of change happened to the registry. */
export type RegistryChangeType = "registered" | "replaced" | "unregistered" | "deferral";

/** One change to the registry, delivered to {@link ToolRegistry.onChange} listeners. */
export interface RegistryChange {
  type: RegistryChangeType;
  /** Names of the tools the change affected (several for `unregisterToolset` and `deferToolset`). */
  names: readonly string[];
  /** The registry's `version` after this change. */
  version: number;
}
