/**
 * What this package needs from a connection to one MCP server. `McpConnection` from
 * `@tinyloop/mcp-transport` has this shape; anything else with it works too.
 */
export interface ServerConnection {
  /** The server's configured name. */
  readonly name: string;
  /** `"ready"` when calls can be sent; anything else means the server is not available now. */
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
      onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
    },
  ): Promise<unknown>;
  /** Called when the server sends `notifications/tools/list_changed`. */
  onToolsListChanged(listener: () => void): () => void;
}

/** A tool as `tools/list` describes it (the SDK's `Tool`, read leniently). */
export interface McpToolDescription {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}
