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
import { type Redact, redactError } from "./secret-redactor.js";

/**
 * The connection as handed to callers: every error it rejects with or reports in a state
 * change, and every stderr line, has the server's configured secrets masked.
 */
export class RedactingConnection implements McpConnection {
  constructor(
    private readonly inner: McpConnection,
    private readonly redact: Redact,
  ) {}

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
    return this.inner.onStateChange((state, detail) =>
      listener(
        state,
        detail?.error ? { ...detail, error: redactError(detail.error, this.redact) } : detail,
      ),
    );
  }

  /** The same promise, rejecting with the secrets masked. */
  private masked<T>(pending: Promise<T>): Promise<T> {
    return pending.catch((error: unknown) => {
      throw redactError(error, this.redact);
    });
  }

  listTools(): Promise<McpTool[]> {
    return this.masked(this.inner.listTools());
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<McpCallResult> {
    return this.masked(this.inner.callTool(name, args, options));
  }

  listResources(options?: RequestOptions): Promise<McpResource[]> {
    return this.masked(this.inner.listResources(options));
  }

  listResourceTemplates(options?: RequestOptions): Promise<McpResourceTemplate[]> {
    return this.masked(this.inner.listResourceTemplates(options));
  }

  readResource(uri: string, options?: RequestOptions): Promise<McpResourceContents[]> {
    return this.masked(this.inner.readResource(uri, options));
  }

  listPrompts(options?: RequestOptions): Promise<McpPrompt[]> {
    return this.masked(this.inner.listPrompts(options));
  }

  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: RequestOptions,
  ): Promise<McpPromptResult> {
    return this.masked(this.inner.getPrompt(name, args, options));
  }

  setRoots(roots: McpRoot[]): Promise<void> {
    return this.masked(this.inner.setRoots(roots));
  }

  onToolsListChanged(listener: () => void): () => void {
    return this.inner.onToolsListChanged(listener);
  }

  stderrTail(): string[] {
    return this.inner.stderrTail().map(this.redact);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
