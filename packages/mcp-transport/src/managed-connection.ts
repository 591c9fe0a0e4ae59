import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type ServerCapabilities,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { backoffDelay } from "./backoff.js";
import {
  type ClientFeatureOptions,
  clientCapabilities,
  installClientFeatures,
  type McpRoot,
} from "./client-features.js";
import { ConnectionErrors } from "./connection-errors.js";
import { ConnectionStateMachine } from "./connection-state.js";
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
  ReconnectPolicy,
  RequestOptions,
  StateChangeDetail,
  Timeouts,
  WhileReconnecting,
} from "./connection-types.js";
import { deferResponses } from "./defer-responses.js";
import { McpTransportError } from "./errors.js";
import { startHealthPings } from "./health-pings.js";
import { InterruptibleSleep } from "./interruptible-sleep.js";
import { lazySchemaValidator } from "./lazy-schema-validator.js";
import { isListingFailure, listAllTools, toolsPageSchema } from "./list-all-tools.js";
import { rateLimitedLog } from "./rate-limited-log.js";
import { isFinalFirstConnectFailure, RetryBudget, runReconnectLoop } from "./reconnect-loop.js";
import { isConnectionClosed, requestToolCall } from "./request-tool-call.js";
import * as serverRequests from "./server-requests.js";
import type { TransportFactory, TransportHandle } from "./transport-handle.js";
import { checkWhileReconnecting } from "./while-reconnecting.js";

/** Everything a connection needs, with defaults already applied. */
export interface ConnectionSettings {
  timeouts: Timeouts;
  reconnect: ReconnectPolicy;
  pingIntervalMs: number;
  /** Default for calls made while reconnecting (see WhileReconnecting). */
  whileReconnecting: WhileReconnecting;
  clientInfo: { name: string; version: string };
  onLog: ((line: string) => void) | undefined;
  /** Elicitation, sampling, roots and server logs (see ClientFeatureOptions). */
  features?: ClientFeatureOptions;
}

/**
 * The McpConnection implementation: one SDK `Client` per (re)connect attempt over a
 * transport from the factory. The state and the waits for it are in connection-state.ts,
 * the reconnect loop and its retry budget in reconnect-loop.ts, pings in health-pings.ts;
 * this class wires them to the requests and the shutdown.
 */
export class ManagedConnection implements McpConnection {
  private readonly errors: ConnectionErrors;
  private readonly status: ConnectionStateMachine;
  private readonly budget: RetryBudget;
  private readonly sleeper = new InterruptibleSleep();
  private stopPings: () => void = () => {};
  private client: Client | undefined;
  private handle: TransportHandle | undefined;
  private attemptHandle: TransportHandle | undefined;
  private info: { name: string; version: string } | undefined;
  private caps: ServerCapabilities | undefined;
  private readonly toolsListeners = new Set<() => void>();
  private closing: Promise<void> | undefined;
  private generation = 0;
  private readonly retiring = new Set<Promise<void>>();
  private roots: McpRoot[] | undefined;

  constructor(
    readonly name: string,
    private readonly factory: TransportFactory,
    private readonly settings: ConnectionSettings,
  ) {
    this.roots = settings.features?.roots;
    this.errors = new ConnectionErrors(name, () => this.stderrTail());
    this.status = new ConnectionStateMachine(this.errors, (line) => this.log(line));
    this.budget = new RetryBudget(settings.reconnect);
  }

  get state(): ConnectionState {
    return this.status.current;
  }

  get serverInfo(): { name: string; version: string } | undefined {
    return this.info;
  }

  get capabilities(): ServerCapabilities | undefined {
    return this.caps;
  }

  onStateChange(
    listener: (state: ConnectionState, detail?: StateChangeDetail) => void,
  ): () => void {
    return this.status.onChange(listener);
  }

  onToolsListChanged(listener: () => void): () => void {
    this.toolsListeners.add(listener);
    return () => this.toolsListeners.delete(listener);
  }

  stderrTail(): string[] {
    return this.factory.stderrTail();
  }

  /**
   * First connect with up to `initialRetries` retries; rejects with the last error. A connect
   * timeout is not retried ({@link isFinalFirstConnectFailure}).
   */
  async open(): Promise<void> {
    const { initialRetries } = this.settings.reconnect;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.attempt();
        this.status.set("ready");
        this.startPings();
        return;
      } catch (error) {
        const failure = this.errors.asError(error);
        if (this.status.current === "closed") throw this.errors.closed();
        if (isFinalFirstConnectFailure(failure) || attempt >= initialRetries) {
          this.fail(failure);
          throw failure;
        }
        const wait = backoffDelay(attempt, this.settings.reconnect);
        this.log(
          `Server "${this.name}": connect failed (${failure.code}), retry ${attempt + 1} of ${initialRetries} in ${wait} ms`,
        );
        await this.sleeper.sleep(wait);
        if (this.isClosed()) throw this.errors.closed(); // close() ended the sleep
      }
    }
  }

  async listTools(): Promise<McpTool[]> {
    const { connectMs, callMs } = this.settings.timeouts;
    const deadline = Date.now() + Math.max(connectMs, callMs);
    try {
      return await this.withClient("tools/list", { timeoutMs: callMs }, (client) =>
        listAllTools({
          server: this.name,
          deadline,
          onLog: this.settings.onLog,
          request: (params, timeoutMs) =>
            client.request({ method: "tools/list", params }, toolsPageSchema(), {
              timeout: Math.min(timeoutMs, callMs),
            }),
        }),
      );
    } catch (error) {
      // A server that cannot list its tools within the bounds is broken, not busy: give up.
      if (McpTransportError.isInstance(error) && isListingFailure(error)) this.abandon(error);
      throw error;
    }
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallToolOptions = {},
  ): Promise<McpCallResult> {
    return this.withClient(`tools/call "${name}"`, options, (client, remaining) =>
      requestToolCall({
        client,
        server: this.name,
        name,
        args,
        options,
        timeoutMs: remaining,
        maxTotalMs: this.settings.timeouts.maxTotalMs,
        stderrTail: () => this.stderrTail(),
      }),
    );
  }

  listResources(options: RequestOptions = {}): Promise<McpResource[]> {
    return this.request("resources/list", options, (context) =>
      serverRequests.listResources(context),
    );
  }

  listResourceTemplates(options: RequestOptions = {}): Promise<McpResourceTemplate[]> {
    return this.request("resources/templates/list", options, (context) =>
      serverRequests.listResourceTemplates(context),
    );
  }

  readResource(uri: string, options: RequestOptions = {}): Promise<McpResourceContents[]> {
    return this.request(`resources/read "${uri}"`, options, (context) =>
      serverRequests.readResource(context, uri),
    );
  }

  listPrompts(options: RequestOptions = {}): Promise<McpPrompt[]> {
    return this.request("prompts/list", options, (context) => serverRequests.listPrompts(context));
  }

  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: RequestOptions = {},
  ): Promise<McpPromptResult> {
    return this.request(`prompts/get "${name}"`, options, (context) =>
      serverRequests.getPrompt(context, name, args),
    );
  }

  async setRoots(roots: McpRoot[]): Promise<void> {
    if (!this.settings.features?.roots) {
      throw new McpTransportError({
        code: "CONFIG_INVALID",
        server: this.name,
        message: `Server "${this.name}": setRoots needs the roots capability; pass \`roots\` (even []) to connectServer.`,
      });
    }
    this.roots = [...roots];
    // A server connected now is told; one connecting later asks roots/list anyway.
    if (this.status.current === "ready") await this.client?.sendRootsListChanged().catch(() => {});
  }

  /** A resource or prompt request, with the same waits and retry rules as a tool call. */
  private request<T>(
    what: string,
    options: RequestOptions,
    operation: (context: serverRequests.RequestContext) => Promise<T>,
  ): Promise<T> {
    return this.withClient(what, options, (client, remaining) =>
      operation({ client, server: this.name, timeoutMs: remaining, options }),
    );
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  // ---- calls ---------------------------------------------------------------------------

  /**
   * Runs `operation` on a ready client: waits for a reconnect under way (bounded by the
   * timeout; `whileReconnecting: "fail"` refuses instead), and when the HTTP session expired
   * (404) or the server was unreachable, reconnects and retries once — that retry always
   * waits, since the call itself started the reconnect.
   */
  private async withClient<T>(
    what: string,
    options: RequestOptions,
    operation: (client: Client, remainingMs: number) => Promise<T>,
  ): Promise<T> {
    const started = Date.now();
    const timeoutMs = options.timeoutMs ?? this.settings.timeouts.callMs;
    const { signal } = options;
    const whileReconnecting =
      checkWhileReconnecting(options.whileReconnecting, `${what} options`, this.name) ??
      this.settings.whileReconnecting;
    for (let retry = 0; ; retry++) {
      let client = this.client;
      if (this.status.current !== "ready" || !client) {
        await this.status.waitUntilReady({
          deadline: started + timeoutMs,
          signal,
          what,
          whileReconnecting: retry === 0 ? whileReconnecting : "wait",
        });
        client = this.client as Client;
      }
      const handle = this.handle;
      try {
        return await operation(client, Math.max(1, started + timeoutMs - Date.now()));
      } catch (error) {
        // Our own typed errors (timeout, cancel, RPC error) pass through. NOT_CONNECTED comes from
        // a stdio transport whose process just died: the request was never written.
        // A request refused for want of authorization (OAuth step-up): log in, then retry once.
        if (retry === 0 && this.factory.recover && (await this.factory.recover(error))) continue;
        const neverSent = McpTransportError.isInstance(error) && error.code === "NOT_CONNECTED";
        if (McpTransportError.isInstance(error) && !neverSent) throw error;
        const failure = handle
          ? handle.describeFailure(error, "session")
          : this.errors.asError(error);
        // Safe to retry only when the server cannot have seen the request.
        const retriable =
          neverSent ||
          (failure.code === "HTTP_STATUS" && failure.status === 404) ||
          failure.code === "UNREACHABLE";
        if (retriable && retry === 0) {
          if (this.client === client && this.status.current === "ready") {
            this.log(
              `Server "${this.name}": ${failure.message} Reconnecting and retrying ${what} once.`,
            );
            this.drop(failure, failure.code === "HTTP_STATUS");
          }
          const state = this.status.current;
          if (state === "reconnecting" || state === "ready") continue;
        }
        if (this.status.current === "closed") throw this.errors.closed();
        if (this.client !== client || isConnectionClosed(error)) {
          const isCall = what.startsWith("tools/call");
          throw new McpTransportError({
            code: failure.code === "SERVER_EXITED" ? "SERVER_EXITED" : "NOT_CONNECTED",
            server: this.name,
            cause: failure,
            stderrTail: this.stderrTail(),
            // A tool call that reached the server may have done its work before the loss.
            ...(isCall ? { mayHaveRun: true } : {}),
            message: `${what} on server "${this.name}" did not complete: the connection was lost (${failure.message}).${isCall ? " It may have run, in full or in part, and" : " It"} was not retried.`,
          });
        }
        throw failure;
      }
    }
  }

  // ---- connecting ----------------------------------------------------------------------

  /** One connect attempt: a fresh transport and Client, `initialize` bounded by connectMs. */
  private async attempt(): Promise<void> {
    const handle = await this.factory.create();
    // Closed while the factory worked (an abort of connectServer's signal): start nothing.
    if (this.isClosed()) {
      await handle.shutdown().catch(() => {});
      throw this.errors.closed();
    }
    this.attemptHandle = handle;
    const generation = ++this.generation;
    const features = this.settings.features ?? {};
    const client = new Client(this.settings.clientInfo, {
      capabilities: clientCapabilities(features),
      jsonSchemaValidator: lazySchemaValidator(),
    });
    installClientFeatures(client, this.name, features, () => this.roots);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (generation === this.generation) this.emitToolsChanged();
    });
    client.onerror = (error) => this.sdkWarning(`Server "${this.name}": ${error.message}`);
    try {
      await client.connect(handle.transport, { timeout: this.settings.timeouts.connectMs });
    } catch (error) {
      // The server wants an OAuth login: run it (the factory bounds how often), then reconnect.
      const loggedIn = await this.recoverFrom(error, handle);
      const failure = handle.describeFailure(error, "connect");
      await handle.shutdown().catch(() => {});
      if (this.status.current === "closed") throw this.errors.closed();
      if (loggedIn) return this.attempt();
      if (this.factory.fallback?.(failure)) return this.attempt();
      throw failure;
    } finally {
      this.attemptHandle = undefined;
    }
    if (this.status.current === "closed") {
      await handle.shutdown().catch(() => {});
      throw this.errors.closed();
    }
    this.factory.connected?.();
    deferResponses(handle, this.name);
    client.onclose = () => {
      if (generation !== this.generation) return;
      this.drop(handle.describeFailure(new Error("the connection closed"), "session"), false);
    };
    this.client = client;
    this.handle = handle;
    const version = client.getServerVersion();
    this.info = version ? { name: version.name, version: version.version } : undefined;
    this.caps = client.getServerCapabilities();
  }

  /** Runs the factory's recovery (an OAuth login); its own failure replaces the connect error. */
  private async recoverFrom(error: unknown, handle: TransportHandle): Promise<boolean> {
    if (!this.factory.recover) return false;
    try {
      return await this.factory.recover(error);
    } catch (failure) {
      await handle.shutdown().catch(() => {});
      throw failure;
    }
  }

  /**
   * The transport dropped (or a ping/HTTP call showed it is gone): clean up and reconnect,
   * or, with no reconnect left, go `failed` at once (never `reconnecting` for nothing).
   */
  private drop(error: McpTransportError, immediate: boolean): void {
    if (this.status.current !== "ready") return;
    this.generation++;
    const handle = this.handle;
    this.client = undefined;
    this.handle = undefined;
    this.clearTimers();
    if (!this.budget.hasLeft()) {
      this.budget.cancelRestore();
      if (handle) this.retire(handle);
      this.fail(this.errors.notReconnecting(error, this.settings.reconnect));
      return;
    }
    this.status.set("reconnecting", { error });
    void this.reconnect(handle, error, immediate);
  }

  private async reconnect(
    old: TransportHandle | undefined,
    cause: McpTransportError,
    immediate: boolean,
  ): Promise<void> {
    // Whatever the old server left (grandchildren, a hung process, an HTTP session) is taken
    // down in the background, so a hung server's kill delay does not hold up its replacement.
    if (old) this.retire(old);
    const outcome = await runReconnectLoop({
      server: this.name,
      policy: this.settings.reconnect,
      budget: this.budget,
      cause,
      immediate,
      attempt: () => this.attempt(),
      stillReconnecting: () => this.status.current === "reconnecting",
      sleep: (ms) => this.sleeper.sleep(ms),
      asError: (error) => this.errors.asError(error),
      log: (line) => this.log(line),
    });
    if (outcome.kind === "failed") this.fail(outcome.error);
    if (outcome.kind !== "ready") return;
    this.status.set("ready", { attempt: outcome.attempt });
    this.startPings();
    this.budget.restoreWhenHealthy();
    this.emitToolsChanged(); // the new process may serve another tool list
  }

  private startPings(): void {
    this.stopPings();
    this.stopPings = startHealthPings({
      everyMs: this.settings.pingIntervalMs,
      currentClient: () => (this.status.current === "ready" ? this.client : undefined),
      onUnanswered: (client, error) => {
        if (this.client !== client) return;
        const failure =
          this.handle?.describeFailure(error, "session") ?? this.errors.asError(error);
        this.log(`Server "${this.name}": health ping failed (${failure.message}); reconnecting`);
        this.drop(failure, false);
      },
    });
  }

  // ---- states --------------------------------------------------------------------------

  /** The server broke the protocol beyond repair: take it down and fail for good. */
  private abandon(error: McpTransportError): void {
    if (this.status.current !== "ready") return;
    this.generation++;
    const handle = this.handle;
    this.client = undefined;
    this.handle = undefined;
    if (handle) this.retire(handle);
    this.fail(error);
  }

  private fail(error: McpTransportError): void {
    this.errors.failure = error;
    this.clearTimers();
    this.status.set("failed", { error });
  }

  private emitToolsChanged(): void {
    for (const listener of [...this.toolsListeners]) {
      try {
        listener();
      } catch (error) {
        this.log(`onToolsListChanged listener threw: ${String(error)}`);
      }
    }
  }

  /** Shuts a replaced transport down in the background; close() waits for it. */
  private retire(handle: TransportHandle): void {
    const done: Promise<void> = handle
      .shutdown()
      .catch(() => {})
      .finally(() => this.retiring.delete(done));
    this.retiring.add(done);
  }

  private async shutdown(): Promise<void> {
    this.generation++;
    this.clearTimers();
    this.sleeper.interrupt();
    this.status.set("closed");
    const handles = [this.handle, this.attemptHandle].filter(
      (h): h is TransportHandle => h !== undefined,
    );
    this.client = undefined;
    this.handle = undefined;
    await Promise.all([
      ...handles.map((handle) => handle.shutdown().catch(() => {})),
      ...this.retiring,
    ]);
    this.sdkWarning.flush(); // a flood's count is said before the connection is gone
  }

  private clearTimers(): void {
    this.budget.cancelRestore();
    this.stopPings();
    this.stopPings = () => {};
  }

  /** A method, not a comparison, so the compiler does not keep a narrowing across awaits. */
  private isClosed(): boolean {
    return this.status.current === "closed";
  }

  private log(line: string): void {
    this.settings.onLog?.(line);
  }

  /** SDK warnings can come by the thousand (progress for unknown tokens): rate-limited. */
  private readonly sdkWarning = rateLimitedLog((line) => this.log(line));
}
