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
} from "./connection-types.js";
import { McpTransportError, withStderrTail } from "./errors.js";
import { guardResponse } from "./guard-responses.js";
import { isListingFailure, listAllTools, toolsPageSchema } from "./list-all-tools.js";
import { rateLimitedLog } from "./rate-limited-log.js";
import { ReadyWaiters } from "./ready-waiters.js";
import { isConnectionClosed, requestToolCall } from "./request-tool-call.js";
import * as serverRequests from "./server-requests.js";
import type { TransportFactory, TransportHandle } from "./transport-handle.js";

/** Everything a connection needs, with defaults already applied. */
export interface ConnectionSettings {
  timeouts: Timeouts;
  reconnect: ReconnectPolicy;
  pingIntervalMs: number;
  clientInfo: { name: string; version: string };
  onLog: ((line: string) => void) | undefined;
  /** Elicitation, sampling, roots and server logs (see ClientFeatureOptions). */
  features?: ClientFeatureOptions;
}

/** Errors that another attempt will not fix. */
const FINAL_CODES = new Set(["SERVER_NOT_FOUND", "CONFIG_INVALID", "AUTH"]);

/**
 * The McpConnection implementation: one SDK `Client` per (re)connect attempt over a
 * transport from the factory, with the state machine, reconnect loop, waits and shutdown.
 */
export class ManagedConnection implements McpConnection {
  private currentState: ConnectionState = "connecting";
  private client: Client | undefined;
  private handle: TransportHandle | undefined;
  private attemptHandle: TransportHandle | undefined;
  private info: { name: string; version: string } | undefined;
  private caps: ServerCapabilities | undefined;
  private readonly stateListeners = new Set<
    (state: ConnectionState, detail?: StateChangeDetail) => void
  >();
  private readonly toolsListeners = new Set<() => void>();
  private readonly waiters = new ReadyWaiters();
  private retriesUsed = 0;
  private healthyTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private failure: McpTransportError | undefined;
  private closing: Promise<void> | undefined;
  private sleepAbort = new AbortController();
  private generation = 0;
  private readonly retiring = new Set<Promise<void>>();
  private roots: McpRoot[] | undefined;

  constructor(
    readonly name: string,
    private readonly factory: TransportFactory,
    private readonly settings: ConnectionSettings,
  ) {
    this.roots = settings.features?.roots;
  }

  get state(): ConnectionState {
    return this.currentState;
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
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onToolsListChanged(listener: () => void): () => void {
    this.toolsListeners.add(listener);
    return () => this.toolsListeners.delete(listener);
  }

  stderrTail(): string[] {
    return this.factory.stderrTail();
  }

  /** First connect with up to `initialRetries` retries; rejects with the last error. */
  async open(): Promise<void> {
    const { initialRetries } = this.settings.reconnect;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.attempt();
        this.setState("ready");
        this.startPings();
        return;
      } catch (error) {
        const failure = this.asError(error);
        if (this.currentState === "closed") throw this.closedError();
        if (FINAL_CODES.has(failure.code) || attempt >= initialRetries) {
          this.fail(failure);
          throw failure;
        }
        const wait = backoffDelay(attempt, this.settings.reconnect);
        this.log(
          `Server "${this.name}": connect failed (${failure.code}), retry ${attempt + 1} of ${initialRetries} in ${wait} ms`,
        );
        await this.sleep(wait);
        if (this.isClosed()) throw this.closedError();
      }
    }
  }

  async listTools(): Promise<McpTool[]> {
    const { connectMs, callMs } = this.settings.timeouts;
    const deadline = Date.now() + Math.max(connectMs, callMs);
    try {
      return await this.withClient(
        callMs,
        undefined,
        (client) =>
          listAllTools({
            server: this.name,
            deadline,
            onLog: this.settings.onLog,
            request: (params, timeoutMs) =>
              client.request({ method: "tools/list", params }, toolsPageSchema, {
                timeout: Math.min(timeoutMs, callMs),
              }),
          }),
        "tools/list",
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
    const timeout = options.timeoutMs ?? this.settings.timeouts.callMs;
    return this.withClient(
      timeout,
      options.signal,
      (client, remaining) =>
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
      `tools/call "${name}"`,
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
    if (this.currentState === "ready") await this.client?.sendRootsListChanged().catch(() => {});
  }

  /** A resource or prompt request, with the same waits and retry rules as a tool call. */
  private request<T>(
    what: string,
    options: RequestOptions,
    operation: (context: serverRequests.RequestContext) => Promise<T>,
  ): Promise<T> {
    return this.withClient(
      options.timeoutMs ?? this.settings.timeouts.callMs,
      options.signal,
      (client, remaining) =>
        operation({ client, server: this.name, timeoutMs: remaining, options }),
      what,
    );
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  // ---- calls ---------------------------------------------------------------------------

  /**
   * Runs `operation` on a ready client: waits for a reconnect under way (bounded by
   * `timeoutMs`), and when the HTTP session expired (404) or the server was unreachable,
   * reconnects and retries once.
   */
  private async withClient<T>(
    timeoutMs: number,
    signal: AbortSignal | undefined,
    operation: (client: Client, remainingMs: number) => Promise<T>,
    what: string,
  ): Promise<T> {
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      let client = this.client;
      if (this.currentState !== "ready" || !client) {
        await this.waitUntilReady(started + timeoutMs, signal, what);
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
        const failure = handle ? handle.describeFailure(error, "session") : this.asError(error);
        // Safe to retry only when the server cannot have seen the request.
        const retriable =
          neverSent ||
          (failure.code === "HTTP_STATUS" && failure.status === 404) ||
          failure.code === "UNREACHABLE";
        if (retriable && retry === 0) {
          if (this.client === client && this.currentState === "ready") {
            this.log(
              `Server "${this.name}": ${failure.message} Reconnecting and retrying ${what} once.`,
            );
            this.drop(failure, failure.code === "HTTP_STATUS");
          }
          if (this.currentState === "reconnecting" || this.currentState === "ready") continue;
        }
        if (this.currentState === "closed") throw this.closedError();
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

  private waitUntilReady(
    deadline: number,
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<void> {
    if (this.currentState === "ready") return Promise.resolve();
    if (this.currentState === "closed") return Promise.reject(this.closedError());
    if (this.currentState === "failed") return Promise.reject(this.notConnectedError());
    return this.waiters.wait({
      deadline,
      signal,
      onAbort: () =>
        new McpTransportError({
          code: "CANCELLED",
          server: this.name,
          message: `${what} on server "${this.name}" was cancelled while waiting for a reconnect.`,
        }),
      onTimeout: () =>
        new McpTransportError({
          code: "CALL_TIMEOUT",
          server: this.name,
          stderrTail: this.stderrTail(),
          message: withStderrTail(
            `${what} on server "${this.name}" timed out waiting for the server to reconnect (state: ${this.currentState}).`,
            this.stderrTail(),
          ),
        }),
    });
  }

  // ---- connecting ----------------------------------------------------------------------

  /** One connect attempt: a fresh transport and Client, `initialize` bounded by connectMs. */
  private async attempt(): Promise<void> {
    const handle = await this.factory.create();
    this.attemptHandle = handle;
    const generation = ++this.generation;
    const features = this.settings.features ?? {};
    const client = new Client(this.settings.clientInfo, {
      capabilities: clientCapabilities(features),
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
      if (this.currentState === "closed") throw this.closedError();
      if (loggedIn) return this.attempt();
      if (this.factory.fallback?.(failure)) return this.attempt();
      throw failure;
    } finally {
      this.attemptHandle = undefined;
    }
    if (this.currentState === "closed") {
      await handle.shutdown().catch(() => {});
      throw this.closedError();
    }
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

  /** The transport dropped (or a ping/HTTP call showed it is gone): clean up and reconnect. */
  private drop(error: McpTransportError, immediate: boolean): void {
    if (this.currentState !== "ready") return;
    this.generation++;
    const handle = this.handle;
    this.client = undefined;
    this.handle = undefined;
    this.clearTimers();
    this.setState("reconnecting", { error });
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
    let last = cause;
    let first = true;
    const { sessionRetries } = this.settings.reconnect;
    for (;;) {
      if (this.currentState !== "reconnecting") return;
      if (this.retriesUsed >= sessionRetries) {
        this.fail(last);
        return;
      }
      const attempt = this.retriesUsed++;
      if (!(immediate && first)) {
        const wait = backoffDelay(attempt, this.settings.reconnect);
        this.log(
          `Server "${this.name}": reconnecting in ${wait} ms (attempt ${attempt + 1} of ${sessionRetries})`,
        );
        await this.sleep(wait);
      }
      first = false;
      if (this.currentState !== "reconnecting") return;
      try {
        await this.attempt();
      } catch (error) {
        last = this.asError(error);
        if (FINAL_CODES.has(last.code)) {
          this.fail(last);
          return;
        }
        continue;
      }
      this.setState("ready", { attempt: attempt + 1 });
      this.startPings();
      this.healthyTimer = setTimeout(() => {
        this.retriesUsed = 0;
      }, this.settings.reconnect.healthyAfterMs);
      this.healthyTimer.unref();
      this.emitToolsChanged(); // the new process may serve another tool list
      return;
    }
  }

  private startPings(): void {
    const every = this.settings.pingIntervalMs;
    if (!every || every <= 0) return;
    let inFlight = false;
    this.pingTimer = setInterval(() => {
      const client = this.client;
      if (inFlight || this.currentState !== "ready" || !client) return;
      inFlight = true;
      client
        .ping({ timeout: Math.min(every, 10_000) })
        .catch((error: unknown) => {
          if (this.client !== client) return;
          const failure = this.handle?.describeFailure(error, "session") ?? this.asError(error);
          this.log(`Server "${this.name}": health ping failed (${failure.message}); reconnecting`);
          this.drop(failure, false);
        })
        .finally(() => {
          inFlight = false;
        });
    }, every);
    this.pingTimer.unref();
  }

  // ---- states --------------------------------------------------------------------------

  private setState(state: ConnectionState, detail?: StateChangeDetail): void {
    if (this.currentState === state) return;
    this.currentState = state;
    if (state === "ready") this.waiters.resolveAll();
    if (state === "failed") this.waiters.rejectAll(() => this.notConnectedError());
    if (state === "closed") this.waiters.rejectAll(() => this.closedError());
    for (const listener of [...this.stateListeners]) {
      try {
        listener(state, detail);
      } catch (error) {
        this.log(`onStateChange listener threw: ${String(error)}`);
      }
    }
  }

  /** The server broke the protocol beyond repair: take it down and fail for good. */
  private abandon(error: McpTransportError): void {
    if (this.currentState !== "ready") return;
    this.generation++;
    const handle = this.handle;
    this.client = undefined;
    this.handle = undefined;
    if (handle) this.retire(handle);
    this.fail(error);
  }

  private fail(error: McpTransportError): void {
    this.failure = error;
    this.clearTimers();
    this.setState("failed", { error });
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
    this.sleepAbort.abort();
    this.setState("closed");
    const handles = [this.handle, this.attemptHandle].filter(
      (h): h is TransportHandle => h !== undefined,
    );
    this.client = undefined;
    this.handle = undefined;
    await Promise.all([
      ...handles.map((handle) => handle.shutdown().catch(() => {})),
      ...this.retiring,
    ]);
  }

  private clearTimers(): void {
    if (this.healthyTimer) clearTimeout(this.healthyTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.healthyTimer = undefined;
    this.pingTimer = undefined;
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.sleepAbort.signal;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done, { once: true });
    });
  }

  private asError(error: unknown): McpTransportError {
    if (McpTransportError.isInstance(error)) return error;
    return new McpTransportError({
      code: "PROTOCOL",
      server: this.name,
      cause: error,
      message: `Server "${this.name}": ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  private notConnectedError(): McpTransportError {
    const tail = this.stderrTail();
    const reason = this.failure?.message ?? "it failed";
    return new McpTransportError({
      code: "NOT_CONNECTED",
      server: this.name,
      cause: this.failure,
      stderrTail: tail,
      message: this.failure?.stderrTail?.length
        ? `Server "${this.name}" is not available (gave up reconnecting): ${reason}`
        : withStderrTail(
            `Server "${this.name}" is not available (gave up reconnecting): ${reason}`,
            tail,
          ),
    });
  }

  private closedError(): McpTransportError {
    return new McpTransportError({
      code: "CLOSED",
      server: this.name,
      message: `Connection to server "${this.name}" was closed.`,
    });
  }

  private isClosed(): boolean {
    return this.currentState === "closed";
  }

  private log(line: string): void {
    this.settings.onLog?.(line);
  }

  /** SDK warnings can come by the thousand (progress for unknown tokens): rate-limited. */
  private readonly sdkWarning = rateLimitedLog((line) => this.log(line));
}

/**
 * The SDK runs notification handlers one microtask late but resolves responses at once, so
 * a progress notification sent just before the result would arrive after its request is
 * settled ("unknown token"). Delivering responses one microtask later keeps server order.
 */
function deferResponses(handle: TransportHandle, server: string): void {
  const transport = handle.transport;
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if ("id" in message && !("method" in message)) {
      const guarded = guardResponse(server, message); // malformed answers fail their request now
      queueMicrotask(() => deliver(guarded, extra));
    } else deliver(message, extra);
  };
}
