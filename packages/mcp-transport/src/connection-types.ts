import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  Implementation,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ClientFeatureOptions, McpRoot } from "./client-features.js";
import type { ConnectionState } from "./connection-states.js";
import type { McpTransportError } from "./errors.js";
import type { OAuthStore } from "./oauth/oauth-store.js";

/** OAuth for HTTP servers; see {@link ConnectOptions.oauth}. */
export interface OAuthOptions {
  /** Where tokens and client registrations are kept (`FileOAuthStore` for a 0600 file per server). */
  store: OAuthStore;
  /**
   * Shows the user the authorization URL (open a browser, or print it). The redirect comes
   * back to a loopback listener on 127.0.0.1. Without it, a server that needs a login fails
   * with `AUTH` (stored tokens are still used and refreshed).
   */
  authorize?: (url: URL, context: { server: string }) => void | Promise<void>;
  /** How long to wait for the browser's redirect. Default 300 000 (5 minutes). */
  loginTimeoutMs?: number;
  /** Appended to the `AUTH` error of a server that needs a login, e.g. "Run `tool login NAME`." */
  loginHint?: (server: string) => string;
  /** `client_name` in dynamic registration. Default: `clientInfo.name`. */
  clientName?: string;
}

export type { ConnectionState } from "./connection-states.js";

/** Extra information passed with a state change. */
export interface StateChangeDetail {
  /** Why the connection left `ready` or went `failed`. */
  error?: McpTransportError;
  /** Reconnect attempt number (1-based) for `reconnecting`. */
  attempt?: number;
}

/** A tool as the server lists it (the SDK's `Tool` shape). */
export type McpTool = Tool;

/** One content block of a tool result (text, image, audio, resource, resource_link). */
export type McpContent = ContentBlock;

/** A tool result as the server sent it. */
export interface McpCallResult {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A resource as `resources/list` describes it (the SDK's `Resource`). */
export type McpResource = Resource;

/** A resource template as `resources/templates/list` describes it. */
export type McpResourceTemplate = ResourceTemplate;

/** One part of a resource read: `{ uri, mimeType?, text }` or `{ uri, mimeType?, blob }` (base64). */
export type McpResourceContents = ReadResourceResult["contents"][number];

/** A prompt as `prompts/list` describes it (name, description, arguments). */
export type McpPrompt = Prompt;

/** The answer to `prompts/get`: a description and messages of content blocks. */
export type McpPromptResult = GetPromptResult;

/**
 * What a call made while the server is reconnecting does: `"wait"` for the reconnect,
 * bounded by the call's own timeout (then `CALL_TIMEOUT`), or `"fail"` at once with
 * `NOT_CONNECTED` (the call was not sent). Either way a `failed` or `closed` connection
 * rejects at once.
 */
export type WhileReconnecting = "wait" | "fail";

/** Options of the resource and prompt requests. */
export interface RequestOptions {
  /** Aborting rejects with `ABORTED` and sends `notifications/cancelled`. */
  signal?: AbortSignal;
  /** Overrides `timeouts.callMs` for this request. */
  timeoutMs?: number;
  /** Overrides the connection's `whileReconnecting` for this request. */
  whileReconnecting?: WhileReconnecting;
}

/** A progress notification for one call. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of {@link McpConnection.callTool}. */
export interface CallToolOptions {
  /** Aborting rejects with `ABORTED` and sends `notifications/cancelled`. */
  signal?: AbortSignal;
  /** Overrides `timeouts.callMs` for this call. */
  timeoutMs?: number;
  /** Overrides the connection's `whileReconnecting` for this call. */
  whileReconnecting?: WhileReconnecting;
  /** Receives progress; each notification also restarts the timeout (bounded by `maxTotalMs`). */
  onProgress?: (progress: McpProgress) => void;
}

/** Effective timeouts (config values merged with defaults and options). */
export interface Timeouts {
  connectMs: number;
  callMs: number;
  /** Unset: no bound beyond `callMs` between progress notifications. */
  maxTotalMs: number | undefined;
}

/** Effective reconnect policy. */
export interface ReconnectPolicy {
  initialRetries: number;
  sessionRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** After a reconnect, staying `ready` this long restores the full `sessionRetries` budget. Default 60 000. */
  healthyAfterMs: number;
}

/**
 * Options of {@link connectServer}; they override the config's values. The client-feature
 * hooks (`onElicit`, `onSample`, `roots`, `onServerLog`) are described in ClientFeatureOptions.
 */
export interface ConnectOptions extends ClientFeatureOptions {
  timeouts?: Partial<Timeouts>;
  reconnect?: Partial<ReconnectPolicy>;
  /**
   * What calls and requests made while the server is reconnecting do: `"wait"` (default) for
   * the reconnect, up to each call's timeout; `"fail"` at once with `NOT_CONNECTED`. A call
   * can override it (`callTool(…, { whileReconnecting })`).
   */
  whileReconnecting?: WhileReconnecting;
  /** Health ping period; overrides the config's `pingIntervalMs`. 0 turns pings off. */
  pingIntervalMs?: number;
  /** Close: SIGKILL whatever of the process tree is left this long after `close()` began. Default 10 000. */
  killAfterMs?: number;
  /** Close: after ending stdin, how long to wait for the server to exit before SIGTERM. Default 2 000. */
  closeGraceMs?: number;
  /** Verbose log lines: non-JSON stdout (once per burst), reconnect attempts, SSE fallback. */
  onLog?: (line: string) => void;
  /** stdio: the largest stdout line (one message) read; a longer answer fails its call at once with `PROTOCOL`. Default 128 MiB. */
  maxMessageBytes?: number;
  /** Client name/version sent in `initialize`. Default `{ name: "tinyloop", version: "0.0.0" }`. */
  clientInfo?: { name: string; version: string };
  /**
   * OAuth 2.1 for HTTP/SSE servers that answer 401: discovery, PKCE, dynamic registration or
   * a client-ID metadata document or a pre-registered client (config `oauth`), scopes,
   * step-up on 403 `insufficient_scope`, refresh. Off when absent.
   */
  oauth?: OAuthOptions;
  /**
   * Cancels the connect. Aborted before the server is spawned (or a pre-started one adopted),
   * nothing is spawned; aborted while connecting or waiting to retry, the server is stopped.
   * Either way `connectServer` rejects with `ABORTED`. It covers the connect only: once
   * `connectServer` has resolved, aborting does nothing (call `close()`).
   */
  signal?: AbortSignal;
}

/**
 * A live, self-healing connection to one MCP server. Obtain one with `connectServer`.
 */
export interface McpConnection {
  /** The name given to `connectServer` (used in every error message). */
  readonly name: string;
  /** Current state; see {@link ConnectionState}. */
  readonly state: ConnectionState;
  /** Subscribes to state changes; returns an unsubscribe function. */
  onStateChange(listener: (state: ConnectionState, detail?: StateChangeDetail) => void): () => void;
  /** Server name/version from the last successful `initialize`. */
  readonly serverInfo: Pick<Implementation, "name" | "version"> | undefined;
  /** Server capabilities from the last successful `initialize`. */
  readonly capabilities: ServerCapabilities | undefined;
  /** Every tool of the server, following `nextCursor` pages. */
  listTools(): Promise<McpTool[]>;
  /**
   * Calls a tool. Resolves with the server's result (also when `isError` is set, and also when
   * a declared `outputSchema` is not met); rejects with an McpTransportError
   * (`CALL_TIMEOUT`, `ABORTED`, `NOT_CONNECTED`, `RPC_ERROR`, `CLOSED`, …).
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<McpCallResult>;
  /** Every resource of the server (all pages). Rejects with `RPC_ERROR` when it has none to offer. */
  listResources(options?: RequestOptions): Promise<McpResource[]>;
  /** Every resource template of the server (all pages). */
  listResourceTemplates(options?: RequestOptions): Promise<McpResourceTemplate[]>;
  /** Reads one resource by URI (also URIs from templates). */
  readResource(uri: string, options?: RequestOptions): Promise<McpResourceContents[]>;
  /** Every prompt of the server (all pages). */
  listPrompts(options?: RequestOptions): Promise<McpPrompt[]>;
  /** Gets one prompt, filled with `args`. */
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: RequestOptions,
  ): Promise<McpPromptResult>;
  /**
   * Replaces the roots offered to the server and sends `notifications/roots/list_changed`.
   * Rejects with `CONFIG_INVALID` unless the connection was opened with `roots`.
   */
  setRoots(roots: McpRoot[]): Promise<void>;
  /** Fires on `notifications/tools/list_changed` (and after a reconnect, since tools may differ). */
  onToolsListChanged(listener: () => void): () => void;
  /** The last (up to 50) stderr lines of a stdio server; empty for HTTP. */
  stderrTail(): string[];
  /** Shuts down (see README: stdin end → SIGTERM → SIGKILL, DELETE for HTTP). Idempotent. */
  close(): Promise<void>;
}

export type { CallToolResult };
