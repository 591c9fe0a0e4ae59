import type { McpConnection } from "@tinyloop/mcp-transport";
import { asError, errorSummary } from "./error-summary.js";
import { LazyConnection } from "./lazy-connection.js";
import type { CachedManifest, ManifestMiss } from "./manifest-cache.js";
import { manifestKey } from "./manifest-key.js";
import { recordingConnection } from "./recording-connection.js";
import { type RegisterServerOptions, registerServer } from "./register-server.js";
import type { ServerRegistration } from "./registration-report.js";
import type { ParsedServerEntry } from "./server-entry.js";
import type { Slot } from "./server-slot.js";
import type { SlotRunnerParts } from "./slot-runner-parts.js";

/** What starting a lazy slot needs from its hub's `SlotRunner` (which implements it). */
export interface LazySlotRunner {
  readonly parts: SlotRunnerParts;
  /** Starts the server now and registers its tools (with `cacheKey`, refreshing the cache). */
  run(slot: Slot, entry: ParsedServerEntry, cacheKey?: string): Promise<void>;
  /** Connects the server and attaches the connection to the slot. */
  connect(slot: Slot, entry: ParsedServerEntry): Promise<McpConnection>;
  /** How the slot's tools are registered, the same for eager and lazy servers. */
  registerOptions(slot: Slot, entry: ParsedServerEntry): RegisterServerOptions;
}

/**
 * Starts a lazy server's slot: with a fresh cache entry its tools are registered from it and
 * the server waits for the first call (the slot is `idle`, phase `manifest-known`); without
 * one (first run, changed server, stale or unreadable entry) it is started now, like an
 * eager one, and the cache is written.
 */
export async function runLazySlot(
  runner: LazySlotRunner,
  slot: Slot,
  entry: ParsedServerEntry,
): Promise<void> {
  const { events, cache, writes, registry } = runner.parts;
  let key: string;
  let cached: CachedManifest | ManifestMiss;
  try {
    key = await manifestKey(entry.config);
    cached = await cache.read(key);
  } catch (error) {
    events.emit({
      type: "warning",
      server: slot.name,
      message: `manifest cache unusable (${errorSummary(error)}); starting the server now`,
    });
    return runner.run(slot, entry);
  }
  if (slot.stopped) return;
  if (typeof cached === "string") return runner.run(slot, entry, key);
  const lazy = new LazyConnection(slot.name, cached.tools, () =>
    startOnFirstCall(runner, slot, entry),
  );
  slot.lazyConnection = lazy;
  const listed = recordingConnection(lazy, (tools) => {
    // not the cached list read back
    if (lazy.live) writes.save(slot.name, key, slot.connection?.serverInfo, tools);
  });
  let registration: ServerRegistration;
  try {
    registration = await registerServer(registry, listed, runner.registerOptions(slot, entry));
  } catch (error) {
    if (!slot.stopped) events.fail(slot, asError(error));
    return;
  }
  if (slot.stopped) {
    registration.close();
    return;
  }
  slot.registration = registration;
  slot.state = "idle";
  slot.phase = "manifest-known";
  events.registered("manifest-known", slot, registration.report());
}

/** The start a lazy server's first call triggers (once, however many calls arrive together). */
async function startOnFirstCall(
  runner: LazySlotRunner,
  slot: Slot,
  entry: ParsedServerEntry,
): Promise<McpConnection> {
  slot.state = "connecting";
  const connection = await runner.connect(slot, entry);
  const report = slot.registration?.report();
  if (report) runner.parts.events.registered("ready", slot, report);
  return connection;
}
