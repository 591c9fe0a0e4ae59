import type {
  CallToolOptions,
  ConnectionState,
  McpCallResult,
  McpConnection,
  McpTool,
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

  listTools(): Promise<McpTool[]> {
    return this.inner.listTools().catch((error: unknown) => {
      throw redactError(error, this.redact);
    });
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<McpCallResult> {
    return this.inner.callTool(name, args, options).catch((error: unknown) => {
      throw redactError(error, this.redact);
    });
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
