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
import { ForwardingConnection } from "./forwarding-connection.js";
import { type Redact, redactError } from "./secret-redactor.js";

/**
 * The connection as handed to callers: every error it rejects with or reports in a state
 * change, and every stderr line, has the server's configured secrets masked.
 */
export class RedactingConnection extends ForwardingConnection {
  constructor(
    inner: McpConnection,
    private readonly redact: Redact,
  ) {
    super(inner);
  }

  override onStateChange(
    listener: (state: ConnectionState, detail?: StateChangeDetail) => void,
  ): () => void {
    return super.onStateChange((state, detail) =>
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

  override listTools(): Promise<McpTool[]> {
    return this.masked(super.listTools());
  }

  override callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<McpCallResult> {
    return this.masked(super.callTool(name, args, options));
  }

  override listResources(options?: RequestOptions): Promise<McpResource[]> {
    return this.masked(super.listResources(options));
  }

  override listResourceTemplates(options?: RequestOptions): Promise<McpResourceTemplate[]> {
    return this.masked(super.listResourceTemplates(options));
  }

  override readResource(uri: string, options?: RequestOptions): Promise<McpResourceContents[]> {
    return this.masked(super.readResource(uri, options));
  }

  override listPrompts(options?: RequestOptions): Promise<McpPrompt[]> {
    return this.masked(super.listPrompts(options));
  }

  override getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: RequestOptions,
  ): Promise<McpPromptResult> {
    return this.masked(super.getPrompt(name, args, options));
  }

  override setRoots(roots: McpRoot[]): Promise<void> {
    return this.masked(super.setRoots(roots));
  }

  override stderrTail(): string[] {
    return super.stderrTail().map(this.redact);
  }
}
