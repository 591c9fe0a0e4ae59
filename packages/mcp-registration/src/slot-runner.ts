import { type McpConnection, McpTransportError } from "@tinyloop/mcp-transport";
import { asError } from "./error-summary.js";
import { type LazySlotRunner, runLazySlot } from "./lazy-slot.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import { recordingConnection } from "./recording-connection.js";
import { type RegisterServerOptions, registerServer } from "./register-server.js";
import type { ServerRegistration } from "./registration-report.js";
import type { ServerConnection } from "./server-connection.js";
import { type ParsedServerEntry, parseServerEntry } from "./server-entry.js";
import { splitLoadOptions } from "./server-load-options.js";
import { emptySlot, type Slot } from "./server-slot.js";
import type { SlotRunnerParts } from "./slot-runner-parts.js";
import { withTimeout } from "./with-timeout.js";

/**
 * One server's life in a hub: creates its slot from the config, starts it (eagerly, or
 * lazily through lazy-slot.ts), registers its tools, and stops it.
 */
export class SlotRunner implements LazySlotRunner {
  constructor(readonly parts: SlotRunnerParts) {}

  /** A slot for `input`, started (or failed, or disabled); `slot.started` settles with it. */
  create(name: string, input: unknown): Slot {
    const slot = emptySlot(name);
    try {
      const { entry, load } = splitLoadOptions(name, input);
      slot.lazy = load.lazy ?? this.parts.lazy;
      slot.alwaysLoad = load.alwaysLoad ?? false;
      slot.entry = parseServerEntry(name, entry);
    } catch (error) {
      this.parts.events.fail(slot, asError(error));
      return slot;
    }
    if (!slot.entry.enabled) slot.state = "disabled";
    else if (slot.lazy) slot.started = runLazySlot(this, slot, slot.entry);
    else slot.started = this.run(slot, slot.entry);
    return slot;
  }

  /** How a slot's tools are registered, the same for eager and lazy servers. */
  registerOptions(slot: Slot, entry: ParsedServerEntry): RegisterServerOptions {
    return {
      server: slot.name,
      ...(slot.alwaysLoad ? { deferred: false } : {}),
      include: entry.filter.include,
      exclude: entry.filter.exclude,
      prefix: this.parts.prefix,
      ...this.parts.events.syncHooks(slot),
    };
  }

  /**
   * Starts a server now and registers its tools. With `cacheKey` (a lazy server on its
   * first run, changed or with a stale cache entry) every listing also refreshes the cache.
   */
  async run(slot: Slot, entry: ParsedServerEntry, cacheKey?: string): Promise<void> {
    const { events } = this.parts;
    let connection: McpConnection;
    try {
      connection = await this.connect(slot, entry);
    } catch {
      return; // reported by connect, or the slot was stopped
    }
    const listed: ServerConnection =
      cacheKey === undefined
        ? connection
        : recordingConnection(connection, (tools) =>
            this.parts.writes.save(slot.name, cacheKey, slot.connection?.serverInfo, tools),
          );
    let registration: ServerRegistration;
    try {
      registration = await registerServer(
        this.parts.registry,
        listed,
        this.registerOptions(slot, entry),
      );
    } catch (error) {
      if (!slot.stopped) events.fail(slot, asError(error));
      slot.unsubscribe?.();
      slot.connection = undefined;
      await withTimeout(connection.close(), this.parts.shutdownTimeoutMs);
      return;
    }
    if (slot.stopped) {
      registration.close(); // stopped while listing: stop() could not see this registration
      return;
    }
    slot.registration = registration;
    // A server given up while listing (endless pagination) was already reported failed.
    if (connection.state === "failed") return;
    events.registered("ready", slot, registration.report());
  }

  /**
   * Connects a slot's server and attaches the connection to the slot. Rejects with the
   * connect error (reported as `failed` unless the slot was stopped), or with `CLOSED` when
   * the slot was stopped while connecting (the new connection is then closed).
   */
  async connect(slot: Slot, entry: ParsedServerEntry): Promise<McpConnection> {
    const { events } = this.parts;
    let connection: McpConnection;
    try {
      connection = await this.parts.starts.run(
        () => {
          // Stopped while waiting for its turn (close, reload): never started.
          if (slot.stopped) throw stoppedWhileStarting(slot);
          events.emit({ type: "connecting", server: slot.name });
          return this.parts.connect(slot.name, entry.config, this.parts.connectOptions);
        },
        () => events.emit({ type: "waiting", server: slot.name }),
      );
    } catch (error) {
      // A connect cancelled through `connection.signal` (the program is exiting) is no
      // server failure: the slot ends `closed`, without a `failed` event.
      if (isAbortedConnect(error)) slot.state = "closed";
      else if (!slot.stopped) events.fail(slot, asError(error));
      throw error;
    }
    if (slot.stopped) {
      await connection.close().catch(() => undefined);
      throw stoppedWhileStarting(slot);
    }
    slot.connection = connection;
    slot.phase = "started";
    slot.unsubscribe = events.watch(slot, connection);
    return connection;
  }

  /** Stops a slot: its tools leave the registry, its connection is closed (bounded). */
  async stop(slot: Slot): Promise<void> {
    // A re-list under way (a server just back) is told before its tools leave the registry.
    if (slot.registration) await withTimeout(slot.registration.syncsSettled(), SYNC_NEWS_MS);
    slot.stopped = true;
    slot.unsubscribe?.();
    slot.lazyConnection?.close();
    slot.registration?.close();
    const connection = slot.connection;
    slot.connection = undefined;
    slot.registration = undefined;
    if (connection) {
      await withTimeout(connection.close(), this.parts.shutdownTimeoutMs);
      this.parts.events.emit({ type: "closed", server: slot.name });
    }
    slot.state = "closed";
  }
}

/** How long `stop` waits for a re-list under way to end; a healthy server answers in ms. */
const SYNC_NEWS_MS = 1000;

function stoppedWhileStarting(slot: Slot): McpRegistrationError {
  return new McpRegistrationError({
    code: "CLOSED",
    server: slot.name,
    message: `MCP server "${slot.name}" was stopped while it was starting`,
  });
}

function isAbortedConnect(error: unknown): boolean {
  return McpTransportError.isInstance(error) && error.code === "ABORTED";
}
