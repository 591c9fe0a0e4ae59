import {
  connectServer,
  DEFAULT_KILL_AFTER_MS,
  defaultMaxConcurrentStarts,
  type McpConnection,
  McpTransportError,
} from "@tinyloop/mcp-transport";
import type { ToolRegistry } from "@tinyloop/registry";
import { asError, errorSummary } from "./error-summary.js";
import { assertServerRecord } from "./hub-options.js";
import type {
  ConnectAllOptions,
  ConnectFunction,
  HubEvent,
  McpHub,
  ReloadSummary,
  ServerStatus,
} from "./hub-types.js";
import { LazyConnection } from "./lazy-connection.js";
import { ManifestCache } from "./manifest-cache.js";
import { manifestKey } from "./manifest-key.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import { recordingConnection } from "./recording-connection.js";
import { type RegisterServerOptions, registerServer } from "./register-server.js";
import type { RegistrationReport, ServerRegistration } from "./registration-report.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";
import { type ParsedServerEntry, parseServerEntry, sameFilter } from "./server-entry.js";
import { splitLoadOptions } from "./server-load-options.js";
import { emptySlot, type Slot } from "./server-slot.js";
import { StartQueue } from "./start-queue.js";
import { withTimeout } from "./with-timeout.js";

function stoppedWhileStarting(slot: Slot): McpRegistrationError {
  return new McpRegistrationError({
    code: "CLOSED",
    server: slot.name,
    message: `MCP server "${slot.name}" was stopped while it was starting`,
  });
}

/** The `McpHub` that `connectAll` returns: one slot per configured server. */
export class Hub implements McpHub {
  private slots = new Map<string, Slot>();
  private closed = false;
  private reloading: Promise<unknown> = Promise.resolve();
  private readonly connect: ConnectFunction;
  private readonly shutdownTimeoutMs: number;
  private readonly cache: ManifestCache;
  private readonly cacheWrites = new Set<Promise<void>>();
  private readonly starts: StartQueue;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly options: ConnectAllOptions,
  ) {
    this.connect = options.connect ?? connectServer;
    this.shutdownTimeoutMs =
      options.shutdownTimeoutMs ??
      (options.connection?.killAfterMs ?? DEFAULT_KILL_AFTER_MS) + 2_000;
    this.cache = new ManifestCache(options.manifestCache);
    this.starts = new StartQueue(options.maxConcurrentStarts ?? defaultMaxConcurrentStarts());
  }

  private emit(event: HubEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // a broken progress display must not break the servers
    }
  }

  /** Creates and starts slots for `servers`; resolves once each is ready, failed or disabled. */
  async start(servers: Record<string, unknown>): Promise<void> {
    const slots = Object.entries(servers).map(([name, input]) => this.createSlot(name, input));
    for (const slot of slots) this.slots.set(slot.name, slot);
    await Promise.all(slots.map((slot) => slot.started));
  }

  private createSlot(name: string, input: unknown): Slot {
    const slot = emptySlot(name);
    try {
      const { entry, load } = splitLoadOptions(name, input);
      slot.lazy = load.lazy ?? this.options.lazy ?? false;
      slot.alwaysLoad = load.alwaysLoad ?? false;
      slot.entry = parseServerEntry(name, entry);
    } catch (error) {
      this.fail(slot, asError(error));
      return slot;
    }
    if (!slot.entry.enabled) slot.state = "disabled";
    else if (slot.lazy) slot.started = this.runLazy(slot, slot.entry);
    else slot.started = this.run(slot, slot.entry);
    return slot;
  }

  private fail(slot: Slot, error: Error): void {
    slot.state = "failed";
    slot.phase = "failed";
    slot.lastError = error;
    this.emit({ type: "failed", server: slot.name, reason: errorSummary(error), error });
  }

  /** Passes the connection's state changes on as hub events. */
  private attach(slot: Slot, connection: McpConnection): void {
    slot.connection = connection;
    slot.phase = "started";
    slot.unsubscribe = connection.onStateChange((state, detail) => {
      if (detail?.error) slot.lastError = detail.error;
      if (slot.stopped) return;
      if (state === "reconnecting") {
        this.emit({
          type: "reconnecting",
          server: slot.name,
          reason: detail?.error ? errorSummary(detail.error) : undefined,
        });
      } else if (state === "failed") {
        const error =
          detail?.error ?? slot.lastError ?? new Error(`MCP server "${slot.name}" failed`);
        this.emit({ type: "failed", server: slot.name, reason: errorSummary(error), error });
      }
    });
  }

  /** How a slot's tools are registered, the same for eager and lazy servers. */
  private registerOptions(slot: Slot, entry: ParsedServerEntry): RegisterServerOptions {
    return {
      server: slot.name,
      ...(slot.alwaysLoad ? { deferred: false } : {}),
      include: entry.filter.include,
      exclude: entry.filter.exclude,
      prefix: this.options.prefix,
      onSync: (report) => {
        if (!slot.stopped) {
          this.emit({
            type: "synced",
            server: slot.name,
            toolCount: report.registered.length,
            report,
          });
        }
      },
      onSyncFailed: (error) => {
        if (slot.stopped) return;
        const toolCount = slot.registration?.report().registered.length ?? 0;
        this.emit({
          type: "sync-failed",
          server: slot.name,
          reason: errorSummary(error),
          error,
          toolCount,
        });
      },
    };
  }

  /**
   * Starts a server now and registers its tools. With `cacheKey` (a lazy server on its
   * first run, changed or with a stale cache entry) every listing also refreshes the cache.
   */
  private async run(slot: Slot, entry: ParsedServerEntry, cacheKey?: string): Promise<void> {
    let connection: McpConnection;
    try {
      connection = await this.connectSlot(slot, entry);
    } catch {
      return; // reported by connectSlot, or the slot was stopped
    }
    const listed: ServerConnection =
      cacheKey === undefined
        ? connection
        : recordingConnection(connection, (tools) => this.saveManifest(slot, cacheKey, tools));
    let registration: ServerRegistration;
    try {
      registration = await registerServer(this.registry, listed, this.registerOptions(slot, entry));
    } catch (error) {
      if (!slot.stopped) this.fail(slot, asError(error));
      slot.unsubscribe?.();
      slot.connection = undefined;
      await withTimeout(connection.close(), this.shutdownTimeoutMs);
      return;
    }
    if (slot.stopped) {
      registration.close(); // stopped while listing: stop() could not see this registration
      return;
    }
    slot.registration = registration;
    // A server given up while listing (endless pagination) was already reported failed.
    if (connection.state === "failed") return;
    const report = registration.report();
    this.emit({ type: "ready", server: slot.name, toolCount: report.registered.length, report });
  }

  /**
   * A lazy server: with a fresh cache entry its tools are registered from it and the server
   * waits for the first call; without one (first run, changed server, stale or unreadable
   * entry) it is started now, like an eager one, and the cache is written.
   */
  private async runLazy(slot: Slot, entry: ParsedServerEntry): Promise<void> {
    let key: string;
    let cached: Awaited<ReturnType<ManifestCache["read"]>>;
    try {
      key = await manifestKey(entry.config);
      cached = await this.cache.read(key);
    } catch (error) {
      this.emit({
        type: "warning",
        server: slot.name,
        message: `manifest cache unusable (${errorSummary(error)}); starting the server now`,
      });
      return this.run(slot, entry);
    }
    if (slot.stopped) return;
    if (typeof cached === "string") return this.run(slot, entry, key);
    const lazy = new LazyConnection(slot.name, cached.tools, () => this.startLazily(slot, entry));
    slot.lazyConnection = lazy;
    const listed = recordingConnection(lazy, (tools) => {
      if (lazy.live) this.saveManifest(slot, key, tools); // not the cached list read back
    });
    let registration: ServerRegistration;
    try {
      registration = await registerServer(this.registry, listed, this.registerOptions(slot, entry));
    } catch (error) {
      if (!slot.stopped) this.fail(slot, asError(error));
      return;
    }
    if (slot.stopped) {
      registration.close();
      return;
    }
    slot.registration = registration;
    slot.state = "idle";
    slot.phase = "manifest-known";
    const report = registration.report();
    this.emit({
      type: "manifest-known",
      server: slot.name,
      toolCount: report.registered.length,
      report,
    });
  }

  /**
   * Connects a slot's server and attaches the connection to the slot. Rejects with the
   * connect error (reported as `failed` unless the slot was stopped), or with `CLOSED` when
   * the slot was stopped while connecting (the new connection is then closed).
   */
  private async connectSlot(slot: Slot, entry: ParsedServerEntry): Promise<McpConnection> {
    let connection: McpConnection;
    try {
      connection = await this.starts.run(
        () => {
          // Stopped while waiting for its turn (close, reload): never started.
          if (slot.stopped) throw stoppedWhileStarting(slot);
          this.emit({ type: "connecting", server: slot.name });
          return this.connect(slot.name, entry.config, this.options.connection);
        },
        () => this.emit({ type: "waiting", server: slot.name }),
      );
    } catch (error) {
      // A connect cancelled through `connection.signal` (the program is exiting) is no
      // server failure: the slot ends `closed`, without a `failed` event.
      if (isAbortedConnect(error)) slot.state = "closed";
      else if (!slot.stopped) this.fail(slot, asError(error));
      throw error;
    }
    if (slot.stopped) {
      await connection.close().catch(() => undefined);
      throw stoppedWhileStarting(slot);
    }
    this.attach(slot, connection);
    return connection;
  }

  /** The start a lazy server's first call triggers (once, however many calls arrive together). */
  private async startLazily(slot: Slot, entry: ParsedServerEntry): Promise<McpConnection> {
    slot.state = "connecting";
    const connection = await this.connectSlot(slot, entry);
    const report = slot.registration?.report();
    if (report) {
      this.emit({ type: "ready", server: slot.name, toolCount: report.registered.length, report });
    }
    return connection;
  }

  /** Writes a lazy server's manifest; a failure is a warning, the tools work regardless. */
  private saveManifest(slot: Slot, key: string, tools: readonly McpToolDescription[]): void {
    const info = slot.connection?.serverInfo;
    const write = this.cache
      .write(key, {
        format: 1,
        server: slot.name,
        ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
        tools: [...tools],
        savedAt: Date.now(),
      })
      .catch((error: unknown) => {
        this.emit({
          type: "warning",
          server: slot.name,
          message: `could not write the manifest cache ${this.cache.pathOf(key)}: ${errorSummary(error)}`,
        });
      })
      .finally(() => this.cacheWrites.delete(write));
    this.cacheWrites.add(write);
  }

  /** Stops a slot: its tools leave the registry, its connection is closed (bounded). */
  private async stop(slot: Slot): Promise<void> {
    slot.stopped = true;
    slot.unsubscribe?.();
    slot.lazyConnection?.close();
    slot.registration?.close();
    const connection = slot.connection;
    slot.connection = undefined;
    slot.registration = undefined;
    if (connection) {
      await withTimeout(connection.close(), this.shutdownTimeoutMs);
      this.emit({ type: "closed", server: slot.name });
    }
    slot.state = "closed";
  }

  servers(): ServerStatus[] {
    return [...this.slots.values()].map((slot) => ({
      name: slot.name,
      state: slot.connection?.state ?? slot.state,
      toolCount: slot.registration?.registered.length ?? 0,
      lastError: slot.lastError ? errorSummary(slot.lastError) : undefined,
      phase: slot.phase,
      lazy: slot.lazy,
      alwaysLoad: slot.alwaysLoad,
    }));
  }

  report(server: string): RegistrationReport | undefined {
    return this.slots.get(server)?.registration?.report();
  }

  reports(): RegistrationReport[] {
    const reports: RegistrationReport[] = [];
    for (const slot of this.slots.values()) {
      const report = slot.registration?.report();
      if (report) reports.push(report);
    }
    return reports;
  }

  resolveTool(name: string): { server: string; tool: string } | undefined {
    for (const slot of this.slots.values()) {
      const tool = slot.registration?.toolOf(name);
      if (tool !== undefined) return { server: slot.name, tool };
    }
    return undefined;
  }

  connection(server: string): McpConnection | undefined {
    return this.slots.get(server)?.connection;
  }

  reload(servers: Record<string, unknown>): Promise<ReloadSummary> {
    const next = this.reloading.then(() => this.reloadNow(servers));
    this.reloading = next.catch(() => undefined);
    return next;
  }

  private async reloadNow(servers: Record<string, unknown>): Promise<ReloadSummary> {
    if (this.closed) {
      throw new McpRegistrationError({
        code: "CLOSED",
        message: "reload: this hub was closed; create a new one with connectAll",
      });
    }
    assertServerRecord(servers, "reload");
    const summary: ReloadSummary = {
      added: [],
      removed: [],
      restarted: [],
      refiltered: [],
      unchanged: [],
    };
    const work: Promise<unknown>[] = [];
    const nextSlots = new Map<string, Slot>();
    for (const [name, old] of this.slots) {
      if (!Object.hasOwn(servers, name)) {
        summary.removed.push(name);
        work.push(this.stop(old));
      }
    }
    for (const [name, input] of Object.entries(servers)) {
      const old = this.slots.get(name);
      let parsed: ParsedServerEntry | undefined;
      let sameLoad = false;
      try {
        const { entry, load } = splitLoadOptions(name, input);
        parsed = parseServerEntry(name, entry);
        sameLoad =
          (load.lazy ?? this.options.lazy ?? false) === old?.lazy &&
          (load.alwaysLoad ?? false) === old?.alwaysLoad;
      } catch {
        parsed = undefined; // the new slot below records the error
      }
      const oldEntry = old?.entry;
      const sameConnection =
        parsed &&
        oldEntry &&
        sameLoad &&
        parsed.connectionKey === oldEntry.connectionKey &&
        parsed.enabled === oldEntry.enabled;
      const healthy =
        old &&
        old.state !== "failed" &&
        (old.connection
          ? old.connection.state !== "failed"
          : old.state === "disabled" || old.state === "idle");
      if (old && parsed && sameConnection && healthy) {
        nextSlots.set(name, old);
        if (sameFilter(parsed.filter, old.entry?.filter ?? {})) summary.unchanged.push(name);
        else {
          summary.refiltered.push(name);
          old.entry = parsed;
          const registration = old.registration;
          if (registration) {
            work.push(
              registration.setFilter(parsed.filter).then((report) => {
                this.emit({
                  type: "synced",
                  server: name,
                  toolCount: report.registered.length,
                  report,
                });
              }),
            );
          }
        }
        continue;
      }
      (old ? summary.restarted : summary.added).push(name);
      const start = (old ? this.stop(old) : Promise.resolve()).then(() => {
        const slot = this.createSlot(name, input);
        nextSlots.set(name, slot);
        return slot.started;
      });
      // Keep configuration order in servers(): reserve the position now, fill it when started.
      nextSlots.set(name, old ?? emptySlot(name));
      work.push(start);
    }
    this.slots = nextSlots;
    await Promise.all(work);
    return summary;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.reloading;
    await Promise.all([...this.slots.values()].map((slot) => this.stop(slot)));
    await Promise.all([...this.cacheWrites]);
  }
}

function isAbortedConnect(error: unknown): boolean {
  return McpTransportError.isInstance(error) && error.code === "ABORTED";
}
