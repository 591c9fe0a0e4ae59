import type { McpRoot } from "./client-features.js";
import type {
  CallToolOptions,
  ConnectionState,
  McpCallResult,
  McpConnection,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  McpTool,
  RequestOptions,
  StateChangeDetail,
} from "./connection-types.js";

/**
 * The base of connection decorators: forwards every member of {@link McpConnection}
 * unchanged to `inner`. A decorator extends it and overrides only what it changes, so a
 * member added to `McpConnection` is forwarded by every decorator once it is added here.
 *
 * @example
 * class CountingConnection extends ForwardingConnection {
 *   calls = 0;
 *   override callTool(...args: Parameters<McpConnection["callTool"]>) {
 *     this.calls++;
 *     return super.callTool(...args);
 *   }
 * }
 */
export class ForwardingConnection implements McpConnection {
  constructor(protected readonly inner: McpConnection) {}

  get name(): string {
    return this.inner.name;
  }

  get state(): ConnectionState {
    return this.inner.state;
  }

  get serverInfo(): McpConnection["serverInfo"] {
    return this.inner.serverInfo;
  }

  get capabilities(): McpConnection["capabilities"] {
    return this.inner.capabilities;
  }

  onStateChange(
    listener: (state: ConnectionState, detail?: StateChangeDetail) => void,
  ): () => void {
    return this.inner.onStateChange(listener);
  }

  listTools(): Promise<McpTool[]> {
    return this.inner.listTools();
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<McpCallResult> {
    return this.inner.callTool(name, args, options);
  }

  listResources(options?: RequestOptions): Promise<McpResource[]> {
    return this.inner.listResources(options);
  }

  listResourceTemplates(options?: RequestOptions): Promise<McpResourceTemplate[]> {
    return this.inner.listResourceTemplates(options);
  }

  readResource(uri: string, options?: RequestOptions): Promise<McpResourceContents[]> {
    return this.inner.readResource(uri, options);
  }

  listPrompts(options?: RequestOptions): Promise<McpPrompt[]> {
    return this.inner.listPrompts(options);
  }

  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: RequestOptions,
  ): Promise<McpPromptResult> {
    return this.inner.getPrompt(name, args, options);
  }

  setRoots(roots: McpRoot[]): Promise<void> {
    return this.inner.setRoots(roots);
  }

  onToolsListChanged(listener: () => void): () => void {
    return this.inner.onToolsListChanged(listener);
  }

  stderrTail(): string[] {
    return this.inner.stderrTail();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
