import type { FilterSkipReason, ToolFilter } from "./tool-filter.js";

/** Why a tool of a server was not registered. */
export type SkipReason =
  | FilterSkipReason
  /** A built-in tool already holds the name; the built-in wins. */
  | "collides-with-builtin"
  /** The server listed the same tool name twice; the first one is registered. */
  | "duplicate-tool"
  /** The registry refused the definition (see `detail`). */
  | "rejected-by-registry"
  /** Its inputSchema or outputSchema is too deep or too large to use safely (see `detail`). */
  | "schema-too-large";

/** The outcome of one registration or re-sync of a server. */
export interface RegistrationReport {
  /** The server's name. */
  server: string;
  /** Every tool of the server now in the registry: its registered name and its name on the server. */
  registered: { name: string; tool: string }[];
  /** Tools of the server that are not in the registry, and why. */
  skipped: { tool: string; reason: SkipReason; detail?: string }[];
  /** Problems worth showing: filter entries that match nothing, renamed collisions, fixed schemas, a failed re-list. */
  warnings: string[];
}

/**
 * A server's tools, kept in the registry. The report fields always describe the latest
 * sync; `sync()` re-lists on demand; `close()` stops watching and unregisters the tools.
 */
export interface ServerRegistration extends RegistrationReport {
  /** The toolset holding the server's tools. */
  readonly toolset: string;
  /** The latest report as a plain object. */
  report(): RegistrationReport;
  /** Re-lists the server's tools and updates the registry. Syncs of one server run one at a time. */
  sync(): Promise<RegistrationReport>;
  /** Changes include/exclude and re-syncs. */
  setFilter(filter: ToolFilter): Promise<RegistrationReport>;
  /** Registered name → the tool's name on the server, for tools of this server. */
  toolOf(name: string): string | undefined;
  /**
   * Settles once every sync requested so far has settled (never rejects): a program that
   * closes right after a reconnect still hears what the re-list found before it stops.
   */
  syncsSettled(): Promise<void>;
  /** Stops watching the server and removes its tools from the registry. Idempotent. */
  close(): void;
}
