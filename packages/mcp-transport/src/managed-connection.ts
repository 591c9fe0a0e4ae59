import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { backoffDelay } from "./backoff.js";
import { type CallTime, runOnReadyClient } from "./call-retry.js";
import type { McpRoot } from "./client-features.js";
import { connectAttempt } from "./connect-attempt.js";
import { ConnectionErrors } from "./connection-errors.js";
import type { ConnectionSettings } from "./connection-settings.js";
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
  RequestOptions,
  StateChangeDetail,
} from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import { startHealthPings } from "./health-pings.js";
import { InterruptibleSleep } from "./interruptible-sleep.js";
import { isListingFailure, listAllTools, toolsPageSchema } from "./list-all-tools.js";
import { LiveSession } from "./live-session.js";
import { rateLimitedLog } from "./rate-limited-log.js";
import { isFinalFirstConnectFailure, RetryBudget, runReconnectLoop } from "./reconnect-loop.js";
import { requestToolCall } from "./request-tool-call.js";
import * as serverRequests from "./server-requests.js";
import { TaskStatusBoard } from "./task-status-board.js";
import type { TaskCallMemory } from "./tool-call-request.js";
import { ToolsChangedListeners } from "./tools-changed-listeners.js";
import type { TransportFactory, TransportHandle } from "./transport-handle.js";

/**
 * The McpConnection implementation: one SDK `Client` per (re)connect attempt over a
 * transport from the factory. Its parts: the state and the waits for it (connection-state.ts),
 * the session in use (live-session.ts), one connect attempt with OAuth recovery
 * (connect-attempt.ts), the call retry policy and its error translation (call-retry.ts,
 * call-error-translation.ts), the reconnect loop and its retry budget (reconnect-loop.ts),
 * pings (health-pings.ts). This class wires them to the requests, the session
 * re-initialisation and the shutdown.
 */
export class ManagedConnection implements McpConnection {
  private readonly errors: ConnectionErrors;
  private readonly status: ConnectionStateMachine;
  private readonly budget: RetryBudget;
  private readonly session = new LiveSession();
  private readonly sleeper = new InterruptibleSleep();
  private readonly taskStatus = new TaskStatusBoard();
  private stopPings: () => void = () => {};
  private readonly toolsListeners = new ToolsChangedListeners((line) => this.log(line));
  private closing: Promise<void> | undefined;
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
    return this.session.serverInfo;
  }

  get capabilities(): ServerCapabilities | undefined {
    return this.session.capabilities;
  }

  onStateChange(
    listener: (state: ConnectionState, detail?: StateChangeDetail) => void,
  ): () => void {
    return this.status.onChange(listener);
  }

  onToolsListChanged(listener: () => void): () => void {
    return this.toolsListeners.add(listener);
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
    // Kept across the retries of this call: once its task exists, a retry polls it.
    const memory: TaskCallMemory = {};
    return this.withClient(
      `tools/call "${name}"`,
      options,
      (client, time) =>
        requestToolCall({
          client,
          server: this.name,
          name,
          args,
          options,
          time,
          maxTotalMs: this.settings.timeouts.maxTotalMs,
          stderrTail: () => this.stderrTail(),
          task: { board: this.taskStatus, memory },
        }),
      () => memory.taskId !== undefined,
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
    if (this.status.current === "ready") {
      await this.session.client?.sendRootsListChanged().catch(() => {});
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  // ---- requests ------------------------------------------------------------------------

  /** A resource or prompt request, with the same waits and retry rules as a tool call. */
  private request<T>(
    what: string,
    options: RequestOptions,
    operation: (context: serverRequests.RequestContext) => Promise<T>,
  ): Promise<T> {
    return this.withClient(what, options, (client, time) =>
      operation({ client, server: this.name, time, options }),
    );
  }

  /** Runs `operation` on a ready client under the call retry policy (call-retry.ts). */
  private withClient<T>(
    what: string,
    options: RequestOptions,
    operation: (client: Client, time: CallTime) => Promise<T>,
    repeatable?: () => boolean,
  ): Promise<T> {
    return runOnReadyClient(
      {
        server: this.name,
        factory: this.factory,
        session: this.session,
        status: this.status,
        errors: this.errors,
        callMs: this.settings.timeouts.callMs,
        whileReconnecting: this.settings.whileReconnecting,
        reinitialise: (failure, immediate) => this.drop(failure, immediate),
        stderrTail: () => this.stderrTail(),
        log: (line) => this.log(line),
      },
      what,
      options,
      operation,
      repeatable,
    );
  }

  // ---- connecting and re-initialising --------------------------------------------------

  /** One connect attempt (connect-attempt.ts); on success the session holds the new client. */
  private attempt(): Promise<void> {
    return connectAttempt({
      server: this.name,
      factory: this.factory,
      session: this.session,
      errors: this.errors,
      clientInfo: this.settings.clientInfo,
      features: this.settings.features ?? {},
      connectMs: this.settings.timeouts.connectMs,
      roots: () => this.roots,
      isClosed: () => this.isClosed(),
      onToolsChanged: () => this.toolsListeners.emit(),
      onTaskStatus: (task) => this.taskStatus.notify(task),
      onDropped: (error) => this.drop(error, false),
      warn: (line) => this.sdkWarning(line),
    });
  }

  /**
   * The transport dropped (or a ping/HTTP call showed it is gone): clean up and re-initialise
   * the session, or, with no reconnect left, go `failed` at once (never `reconnecting` for
   * nothing).
   */
  private drop(error: McpTransportError, immediate: boolean): void {
    if (this.status.current !== "ready") return;
    const handle = this.session.detach();
    this.clearTimers();
    if (!this.budget.hasLeft()) {
      this.budget.cancelRestore();
      if (handle) this.session.retire(handle);
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
    if (old) this.session.retire(old);
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
    this.toolsListeners.emit(); // the new process may serve another tool list
  }

  private startPings(): void {
    this.stopPings();
    this.stopPings = startHealthPings({
      everyMs: this.settings.pingIntervalMs,
      currentClient: () => (this.status.current === "ready" ? this.session.client : undefined),
      onUnanswered: (client, error) => {
        if (this.session.client !== client) return;
        const failure =
          this.session.handle?.describeFailure(error, "session") ?? this.errors.asError(error);
        this.log(`Server "${this.name}": health ping failed (${failure.message}); reconnecting`);
        this.drop(failure, false);
      },
    });
  }

  // ---- states --------------------------------------------------------------------------

  /** The server broke the protocol beyond repair: take it down and fail for good. */
  private abandon(error: McpTransportError): void {
    if (this.status.current !== "ready") return;
    const handle = this.session.detach();
    if (handle) this.session.retire(handle);
    this.fail(error);
  }

  private fail(error: McpTransportError): void {
    this.errors.failure = error;
    this.clearTimers();
    this.status.set("failed", { error });
  }

  private async shutdown(): Promise<void> {
    this.clearTimers();
    this.sleeper.interrupt();
    this.status.set("closed");
    await this.session.shutdown();
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
