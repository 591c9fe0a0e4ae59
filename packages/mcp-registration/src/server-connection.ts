/**
 * What this package needs from a connection to one MCP server. `McpConnection` from
 * `@tinyloop/mcp-transport` has this shape; anything else with it works too.
 */
export interface ServerConnection {
  /** The server's configured name. */
  readonly name: string;
  /**
   * `"ready"` when calls can be sent; `"reconnecting"` / `"connecting"`: calls are still
   * sent, and the connection decides (`whileReconnecting`) whether they wait; anything
   * else (`"failed"`, `"closed"`) means the server is not available.
   */
  readonly state: string;
  /** Called on every state change; `detail.error` says why a server dropped or failed. */
  onStateChange(listener: (state: string, detail?: { error?: Error }) => void): () => void;
  /** Every tool of the server (all pages). */
  listTools(): Promise<readonly McpToolDescription[]>;
  /** Calls a tool; rejects when the server is down, the call times out or is cancelled. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: {
      signal?: AbortSignal;
      timeoutMs?: number;
      /** While the server reconnects: wait for it (up to `timeoutMs`) or fail at once. */
      whileReconnecting?: "wait" | "fail";
      onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
      /** The tool's listed `execution.taskSupport`: the connection may run the call as a task. */
      taskSupport?: "required" | "optional" | "forbidden";
    },
  ): Promise<unknown>;
  /** Called when the server sends `notifications/tools/list_changed`. */
  onToolsListChanged(listener: () => void): () => void;
  /** Server capabilities from `initialize`: `resources` / `prompts` turn on their tools. */
  readonly capabilities?: { resources?: unknown; prompts?: unknown } | undefined;
  /** `resources/list` (all pages); with `readResource`, registers `list_resources` / `read_resource`. */
  listResources?(options?: FeatureRequestOptions): Promise<readonly unknown[]>;
  /** `resources/templates/list` (all pages); listed by `list_resources` when present. */
  listResourceTemplates?(options?: FeatureRequestOptions): Promise<readonly unknown[]>;
  /** `resources/read`: the contents (`{ uri, mimeType?, text | blob }`) of one URI. */
  readResource?(uri: string, options?: FeatureRequestOptions): Promise<readonly unknown[]>;
  /** `prompts/list` (all pages); with `getPrompt`, registers `list_prompts` / `get_prompt`. */
  listPrompts?(options?: FeatureRequestOptions): Promise<readonly unknown[]>;
  /** `prompts/get`: `{ description?, messages: [{ role, content }] }`. */
  getPrompt?(
    name: string,
    args?: Record<string, string>,
    options?: FeatureRequestOptions,
  ): Promise<unknown>;
}

/** Options of the resource and prompt requests of a {@link ServerConnection}. */
export interface FeatureRequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  whileReconnecting?: "wait" | "fail";
}

/** A tool as `tools/list` describes it (the SDK's `Tool`, read leniently). */
export interface McpToolDescription {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  /** `{ taskSupport: "required" | "optional" | "forbidden" }` (MCP tasks, 2025-11-25). */
  execution?: unknown;
}
