import type { FeatureRequestOptions, ServerConnection } from "./server-connection.js";

/** The members of ServerConnection a connection may leave out. */
type OptionalMember =
  | "listResources"
  | "listResourceTemplates"
  | "readResource"
  | "listPrompts"
  | "getPrompt";

/** `inner[key]` bound to `inner`, or undefined when `inner` does not have it. */
function optional<K extends OptionalMember>(
  inner: ServerConnection,
  key: K,
): ServerConnection[K] | undefined {
  const method = inner[key] as ((...args: never[]) => unknown) | undefined;
  return method ? (method.bind(inner) as ServerConnection[K]) : undefined;
}

/**
 * The base of this package's connection decorators (the manifest recorder, the resource and
 * prompt tools): forwards every member of {@link ServerConnection} to `inner` — the optional
 * resource and prompt methods only when `inner` has them, so a decorator never pretends to
 * a feature. Decorators override what they change. It is the `ServerConnection` twin of
 * `ForwardingConnection` in `@tinyloop/mcp-transport` (which decorates a full `McpConnection`).
 */
export class ForwardingServerConnection implements ServerConnection {
  readonly listResources?: (options?: FeatureRequestOptions) => Promise<readonly unknown[]>;
  readonly listResourceTemplates?: (options?: FeatureRequestOptions) => Promise<readonly unknown[]>;
  readonly readResource?: (
    uri: string,
    options?: FeatureRequestOptions,
  ) => Promise<readonly unknown[]>;
  readonly listPrompts?: (options?: FeatureRequestOptions) => Promise<readonly unknown[]>;
  readonly getPrompt?: (
    name: string,
    args?: Record<string, string>,
    options?: FeatureRequestOptions,
  ) => Promise<unknown>;

  constructor(protected readonly inner: ServerConnection) {
    const listResources = optional(inner, "listResources");
    if (listResources) this.listResources = listResources;
    const listResourceTemplates = optional(inner, "listResourceTemplates");
    if (listResourceTemplates) this.listResourceTemplates = listResourceTemplates;
    const readResource = optional(inner, "readResource");
    if (readResource) this.readResource = readResource;
    const listPrompts = optional(inner, "listPrompts");
    if (listPrompts) this.listPrompts = listPrompts;
    const getPrompt = optional(inner, "getPrompt");
    if (getPrompt) this.getPrompt = getPrompt;
  }

  get name(): string {
    return this.inner.name;
  }

  get state(): string {
    return this.inner.state;
  }

  get capabilities(): ServerConnection["capabilities"] {
    return this.inner.capabilities;
  }

  onStateChange(listener: Parameters<ServerConnection["onStateChange"]>[0]): () => void {
    return this.inner.onStateChange(listener);
  }

  onToolsListChanged(listener: () => void): () => void {
    return this.inner.onToolsListChanged(listener);
  }

  listTools(): ReturnType<ServerConnection["listTools"]> {
    return this.inner.listTools();
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: Parameters<ServerConnection["callTool"]>[2],
  ): Promise<unknown> {
    return this.inner.callTool(name, args, options);
  }
}
