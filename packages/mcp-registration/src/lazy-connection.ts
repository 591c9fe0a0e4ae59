import type {
  FeatureRequestOptions,
  McpToolDescription,
  ServerConnection,
} from "./server-connection.js";

type StateListener = (state: string, detail?: { error?: Error }) => void;

/**
 * A connection to a server that is not running yet. Until the first tool call it answers
 * `listTools` from a cached manifest and reports `ready` (a call can be made: it starts the
 * server). The first `callTool` runs `start` — once, however many calls arrive together —
 * and every call then goes to the live connection, whose state changes and
 * `tools/list_changed` notifications are passed on. Right after the start it announces a
 * tools change, so a registration re-lists the live server's tools.
 */
export class LazyConnection implements ServerConnection {
  #live: ServerConnection | undefined;
  #starting: Promise<ServerConnection> | undefined;
  #failure: Error | undefined;
  #closed = false;
  readonly #stateListeners = new Set<StateListener>();
  readonly #listListeners = new Set<() => void>();
  readonly #unsubscribe: Array<() => void> = [];

  constructor(
    readonly name: string,
    private readonly manifest: readonly McpToolDescription[],
    private readonly start: () => Promise<ServerConnection>,
  ) {}

  /** The live connection once the server started. */
  get live(): ServerConnection | undefined {
    return this.#live;
  }

  /** `ready` until started (a call starts it), then the live connection's; `failed` if the start failed. */
  get state(): string {
    if (this.#closed) return "closed";
    if (this.#failure) return "failed";
    return this.#live?.state ?? "ready";
  }

  onStateChange(listener: StateListener): () => void {
    const subscription: StateListener = (state, detail) => listener(state, detail);
    this.#stateListeners.add(subscription);
    return () => this.#stateListeners.delete(subscription);
  }

  onToolsListChanged(listener: () => void): () => void {
    const subscription = () => listener();
    this.#listListeners.add(subscription);
    return () => this.#listListeners.delete(subscription);
  }

  /** The live connection's capabilities once started (none before: the cache keeps only tools). */
  get capabilities(): ServerConnection["capabilities"] {
    return this.#live?.capabilities;
  }

  /** Resources and prompts of the live server (offered only once it started and declared them). */
  async listResources(options?: FeatureRequestOptions): Promise<readonly unknown[]> {
    return (await this.#feature("listResources")).call(this.#live, options);
  }

  async listResourceTemplates(options?: FeatureRequestOptions): Promise<readonly unknown[]> {
    return (await this.#feature("listResourceTemplates")).call(this.#live, options);
  }

  async readResource(uri: string, options?: FeatureRequestOptions): Promise<readonly unknown[]> {
    return (await this.#feature("readResource")).call(this.#live, uri, options);
  }

  async listPrompts(options?: FeatureRequestOptions): Promise<readonly unknown[]> {
    return (await this.#feature("listPrompts")).call(this.#live, options);
  }

  async getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: FeatureRequestOptions,
  ): Promise<unknown> {
    return (await this.#feature("getPrompt")).call(this.#live, name, args, options);
  }

  /** The live connection's method `key` (starting the server first); rejects when it has none. */
  async #feature<
    K extends
      | "listResources"
      | "listResourceTemplates"
      | "readResource"
      | "listPrompts"
      | "getPrompt",
  >(key: K): Promise<NonNullable<ServerConnection[K]>> {
    const live = await this.ensureStarted();
    const method = live[key];
    if (!method) throw new Error(`MCP server "${this.name}": its connection has no ${key}`);
    return method as NonNullable<ServerConnection[K]>;
  }

  /** The cached manifest until the server started, then the live list. */
  listTools(): Promise<readonly McpToolDescription[]> {
    return this.#live ? this.#live.listTools() : Promise.resolve(this.manifest);
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options?: Parameters<ServerConnection["callTool"]>[2],
  ): Promise<unknown> {
    const live = await this.ensureStarted();
    return live.callTool(name, args, options);
  }

  /** Starts the server unless it is started or starting; every caller shares one start. */
  ensureStarted(): Promise<ServerConnection> {
    if (this.#live) return Promise.resolve(this.#live);
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error(`MCP server "${this.name}" has been closed`));
    this.#starting ??= this.start().then(
      (live) => {
        this.#live = live;
        this.#unsubscribe.push(
          live.onStateChange((state, detail) => this.#tellState(state, detail)),
          live.onToolsListChanged(() => this.#tellListChanged()),
        );
        // The cached manifest may be out of date: let the registration re-list the live tools.
        this.#tellListChanged();
        return live;
      },
      (error: unknown) => {
        this.#failure = error instanceof Error ? error : new Error(String(error));
        this.#tellState("failed", { error: this.#failure });
        throw this.#failure;
      },
    );
    return this.#starting;
  }

  /** Stops passing on events; later calls are refused. Closing the live connection is the owner's job. */
  close(): void {
    this.#closed = true;
    for (const off of this.#unsubscribe.splice(0)) off();
  }

  #tellState(state: string, detail?: { error?: Error }): void {
    for (const listener of [...this.#stateListeners]) listener(state, detail);
  }

  #tellListChanged(): void {
    for (const listener of [...this.#listListeners]) listener();
  }
}
