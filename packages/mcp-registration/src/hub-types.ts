import type { ConnectOptions, McpConnection, ServerConfig } from "@tinyloop/mcp-transport";
import type { ManifestCacheOptions } from "./manifest-cache.js";
import type { RegistrationReport } from "./register-server.js";
import type { ServerPhase, ServerState } from "./server-state.js";

export type { ServerPhase, ServerState } from "./server-state.js";

/** One line of {@link McpHub.servers}. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  /** Tools of this server now in the registry. */
  toolCount: number;
  /** Why the server last failed or dropped (the message without its stderr block), if it did. */
  lastError: string | undefined;
  /** See {@link ServerPhase}. */
  phase: ServerPhase;
  /** Whether the server is started on first use. */
  lazy: boolean;
  /** Whether its tools are always offered to the model (`alwaysLoad`). */
  alwaysLoad: boolean;
}

/** Progress of the hub's servers, for a CLI to show. */
export type HubEvent =
  /** The server waits for one of the `maxConcurrentStarts` places before it is started. */
  | { type: "waiting"; server: string }
  | { type: "connecting"; server: string }
  | { type: "ready"; server: string; toolCount: number; report: RegistrationReport }
  | { type: "failed"; server: string; reason: string; error: Error }
  | { type: "reconnecting"; server: string; reason: string | undefined }
  /** The server's tools were re-listed (after `tools/list_changed`, a reconnect or a filter change). */
  | { type: "synced"; server: string; toolCount: number; report: RegistrationReport }
  /**
   * Listing the tools again failed (after `tools/list_changed` or a reconnect): the server
   * may be up, its tools are the ones registered before (`toolCount` of them).
   */
  | { type: "sync-failed"; server: string; reason: string; error: Error; toolCount: number }
  | { type: "closed"; server: string }
  /** A lazy server's tools were registered from the manifest cache; the server is not running. */
  | { type: "manifest-known"; server: string; toolCount: number; report: RegistrationReport }
  /** Something worth telling that changes nothing for the tools (the cache could not be written). */
  | { type: "warning"; server: string; message: string };

/** Opens a connection; `connectServer` of `@tinyloop/mcp-transport` unless replaced. */
export type ConnectFunction = (
  name: string,
  config: ServerConfig,
  options?: ConnectOptions,
) => Promise<McpConnection>;

/** Options of {@link connectAll}. */
export interface ConnectAllOptions {
  /** First part of tool names. Default `"mcp"`. */
  prefix?: string;
  /** Passed to every `connectServer` call (timeouts, reconnect policy, log lines). */
  connection?: ConnectOptions;
  /** Told about every server's progress. A listener that throws is ignored. */
  onEvent?: (event: HubEvent) => void;
  /** Bound on `close()` (and on stopping servers in `reload`). Default: the transport's kill delay + 2 s. */
  shutdownTimeoutMs?: number;
  /** Replaces how connections are opened (tests, custom transports). */
  connect?: ConnectFunction;
  /**
   * Start every server only on the first call of one of its tools (a server's own `lazy`
   * wins). Its tools are registered from the manifest cache meanwhile. Default `false`.
   */
  lazy?: boolean;
  /** Where lazy servers' manifests are kept and when they are stale. */
  manifestCache?: ManifestCacheOptions;
  /**
   * How many servers may be starting at once (spawned or connecting, until `initialize` is
   * answered); the others wait, in configuration order, with a `waiting` event, and start
   * as places free. Default: 32, or 2 × the CPU cores where more (`defaultMaxConcurrentStarts()` of
   * `@tinyloop/mcp-transport`).
   */
  maxConcurrentStarts?: number;
}

/** What {@link McpHub.reload} did, by server name. */
export interface ReloadSummary {
  added: string[];
  removed: string[];
  /** Connection config changed, or the server had failed: closed and connected again. */
  restarted: string[];
  /** Only `tools` changed: re-filtered without a restart. */
  refiltered: string[];
  unchanged: string[];
}

/** Many servers, connected and registered; see {@link connectAll}. */
export interface McpHub {
  /** Every configured server (also disabled and failed ones), in configuration order. */
  servers(): ServerStatus[];
  /** The latest registration report of a server (what was registered, what filters skipped). */
  report(server: string): RegistrationReport | undefined;
  /** The latest registration reports of all servers that got as far as listing their tools. */
  reports(): RegistrationReport[];
  /** Registered tool name → where it comes from, for tools of this hub's servers. */
  resolveTool(name: string): { server: string; tool: string } | undefined;
  /** The live connection of a server, if it is connected (or reconnecting). */
  connection(server: string): McpConnection | undefined;
  /** Applies a new set of servers: adds, removes and restarts only what changed. */
  reload(servers: Record<string, unknown>): Promise<ReloadSummary>;
  /** Closes every server in parallel and removes their tools, bounded by the shutdown timeout. */
  close(): Promise<void>;
}
