import { connectServer, DEFAULT_KILL_AFTER_MS, type McpConnection } from "@tinyloop/mcp-transport";
import type { ToolRegistry } from "@tinyloop/registry";
import { errorSummary } from "./error-summary.js";
import type {
  ConnectAllOptions,
  ConnectFunction,
  HubEvent,
  McpHub,
  ReloadSummary,
  ServerState,
  ServerStatus,
} from "./hub-types.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import {
  type RegistrationReport,
  registerServer,
  type ServerRegistration,
} from "./register-server.js";
import {
  type ParsedServerEntry,
  parseServerEntry,
  type ServerEntry,
  sameFilter,
} from "./server-entry.js";

interface Slot {
  name: string;
  entry: ParsedServerEntry | undefined;
  state: ServerState;
  lastError: Error | undefined;
  connection: McpConnection | undefined;
  registration: ServerRegistration | undefined;
  /** Set when the slot is being replaced or removed: late results are thrown away. */
  stopped: boolean;
  started: Promise<void>;
  unsubscribe: (() => void) | undefined;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

class Hub implements McpHub {
  private slots = new Map<string, Slot>();
  private closed = false;
  private reloading: Promise<unknown> = Promise.resolve();
  private readonly connect: ConnectFunction;
  private readonly shutdownTimeoutMs: number;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly options: ConnectAllOptions,
  ) {
    this.connect = options.connect ?? connectServer;
    this.shutdownTimeoutMs =
      options.shutdownTimeoutMs ??
      (options.connection?.killAfterMs ?? DEFAULT_KILL_AFTER_MS) + 2_000;
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
    const slot: Slot = {
      name,
      entry: undefined,
      state: "connecting",
      lastError: undefined,
      connection: undefined,
      registration: undefined,
      stopped: false,
      started: Promise.resolve(),
      unsubscribe: undefined,
    };
    try {
      slot.entry = parseServerEntry(name, input);
    } catch (error) {
      this.fail(slot, asError(error));
      return slot;
    }
    if (!slot.entry.enabled) slot.state = "disabled";
    else slot.started = this.run(slot, slot.entry);
    return slot;
  }

  private fail(slot: Slot, error: Error): void {
    slot.state = "failed";
    slot.lastError = error;
    this.emit({ type: "failed", server: slot.name, reason: errorSummary(error), error });
  }

  private async run(slot: Slot, entry: ParsedServerEntry): Promise<void> {
    this.emit({ type: "connecting", server: slot.name });
    let connection: McpConnection;
    try {
      connection = await this.connect(slot.name, entry.config, this.options.connection);
    } catch (error) {
      if (!slot.stopped) this.fail(slot, asError(error));
      return;
    }
    if (slot.stopped) {
      await connection.close().catch(() => undefined);
      return;
    }
    slot.connection = connection;
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
    let registration: ServerRegistration;
    try {
      registration = await registerServer(this.registry, connection, {
        server: slot.name,
        include: entry.filter.include,
        exclude: entry.filter.exclude,
        prefix: this.options.prefix,
        maxTextLength: this.options.maxTextLength,
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
      });
    } catch (error) {
      if (!slot.stopped) this.fail(slot, asError(error));
      slot.unsubscribe?.();
      slot.connection = undefined;
      await withTimeout(
        connection.close().catch(() => undefined),
        this.shutdownTimeoutMs,
      );
      return;
    }
    if (slot.stopped) {
      registration.close(); // stopped while listing: stop() could not see this registration
      return;
    }
    slot.registration = registration;
    const report = registration.report();
    this.emit({ type: "ready", server: slot.name, toolCount: report.registered.length, report });
  }

  /** Stops a slot: its tools leave the registry, its connection is closed (bounded). */
  private async stop(slot: Slot): Promise<void> {
    slot.stopped = true;
    slot.unsubscribe?.();
    slot.registration?.close();
    const connection = slot.connection;
    slot.connection = undefined;
    slot.registration = undefined;
    if (connection) {
      await withTimeout(
        connection.close().catch(() => undefined),
        this.shutdownTimeoutMs,
      );
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
    if (!isRecord(servers)) {
      throw new McpRegistrationError({
        code: "CONFIG_INVALID",
        message: `reload: expected a record of named server configs like { "fs": { "command": "npx", "args": [...] } }, got ${JSON.stringify(servers)}`,
      });
    }
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
      try {
        parsed = parseServerEntry(name, input);
      } catch {
        parsed = undefined; // the new slot below records the error
      }
      const oldEntry = old?.entry;
      const sameConnection =
        parsed &&
        oldEntry &&
        parsed.connectionKey === oldEntry.connectionKey &&
        parsed.enabled === oldEntry.enabled;
      const healthy =
        old &&
        old.state !== "failed" &&
        (old.connection ? old.connection.state !== "failed" : old.state === "disabled");
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
      nextSlots.set(name, old ?? placeholder(name));
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
  }
}

function validateHubOptions(options: ConnectAllOptions): void {
  const fail = (message: string) => {
    throw new McpRegistrationError({ code: "OPTIONS_INVALID", message: `connectAll: ${message}` });
  };
  const positive = (value: unknown) => Number.isInteger(value) && (value as number) > 0;
  if (options.maxTextLength !== undefined && !positive(options.maxTextLength)) {
    fail(
      `options.maxTextLength: expected a positive integer (e.g. 100000), got ${JSON.stringify(options.maxTextLength)}`,
    );
  }
  if (options.shutdownTimeoutMs !== undefined && !positive(options.shutdownTimeoutMs)) {
    fail(
      `options.shutdownTimeoutMs: expected a positive integer of milliseconds (e.g. 12000), got ${JSON.stringify(options.shutdownTimeoutMs)}`,
    );
  }
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    fail(
      `options.prefix: expected a string (e.g. "mcp", or "" for none), got ${JSON.stringify(options.prefix)}`,
    );
  }
}

function placeholder(name: string): Slot {
  return {
    name,
    entry: undefined,
    state: "connecting",
    lastError: undefined,
    connection: undefined,
    registration: undefined,
    stopped: false,
    started: Promise.resolve(),
    unsubscribe: undefined,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Connects every server of `servers` at once and registers each one's tools as soon as
 * it is ready (see {@link registerServer}). One server failing — bad config, missing
 * command, crash on start, timeout — is recorded and reported through `onEvent`; the
 * others carry on. Resolves once every server is ready, failed or disabled
 * (`enabled: false`), to a hub that tracks them.
 *
 * @example
 * const hub = await connectAll(
 *   { fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."], tools: { include: ["read_*"] } } },
 *   registry,
 *   { onEvent: (event) => console.error(event.type, event.server) },
 * );
 * hub.servers(); // [{ name: "fs", state: "ready", toolCount: 3, lastError: undefined }]
 * await hub.close();
 */
export async function connectAll(
  servers: Record<string, ServerEntry | unknown>,
  registry: ToolRegistry,
  options: ConnectAllOptions = {},
): Promise<McpHub> {
  if (!isRecord(servers)) {
    throw new McpRegistrationError({
      code: "CONFIG_INVALID",
      message: `connectAll: expected a record of named server configs like { "fs": { "command": "npx", "args": [...] } }, got ${JSON.stringify(servers)}`,
    });
  }
  validateHubOptions(options);
  const hub = new Hub(registry, options);
  await hub.start(servers);
  return hub;
}
