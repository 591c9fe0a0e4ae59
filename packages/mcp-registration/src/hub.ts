import type { McpConnection } from "@tinyloop/mcp-transport";
import {
  connectServer,
  DEFAULT_KILL_AFTER_MS,
  defaultMaxConcurrentStarts,
} from "@tinyloop/mcp-transport";
import type { ToolRegistry } from "@tinyloop/registry";
import { errorSummary } from "./error-summary.js";
import { HubEvents } from "./hub-events.js";
import { assertServerRecord } from "./hub-options.js";
import type { ConnectAllOptions, McpHub, ReloadSummary, ServerStatus } from "./hub-types.js";
import { ManifestCache } from "./manifest-cache.js";
import { ManifestWrites } from "./manifest-writes.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import type { RegistrationReport } from "./registration-report.js";
import { planReload } from "./reload-plan.js";
import { emptySlot, type Slot } from "./server-slot.js";
import { SlotRunner } from "./slot-runner.js";
import { StartQueue } from "./start-queue.js";

/**
 * The `McpHub` that `connectAll` returns: one slot per configured server, in configuration
 * order. A slot's life (start, lazy start, stop) is in slot-runner.ts and lazy-slot.ts, its
 * events in hub-events.ts, what a reload changes in reload-plan.ts.
 */
export class Hub implements McpHub {
  private slots = new Map<string, Slot>();
  private closed = false;
  private reloading: Promise<unknown> = Promise.resolve();
  private readonly runner: SlotRunner;
  private readonly events: HubEvents;
  private readonly writes: ManifestWrites;

  constructor(registry: ToolRegistry, options: ConnectAllOptions) {
    this.events = new HubEvents(options.onEvent);
    const cache = new ManifestCache(options.manifestCache);
    this.writes = new ManifestWrites(cache, (event) => this.events.emit(event));
    this.runner = new SlotRunner({
      registry,
      connect: options.connect ?? connectServer,
      connectOptions: options.connection,
      prefix: options.prefix,
      lazy: options.lazy ?? false,
      shutdownTimeoutMs:
        options.shutdownTimeoutMs ??
        (options.connection?.killAfterMs ?? DEFAULT_KILL_AFTER_MS) + 2_000,
      events: this.events,
      cache,
      writes: this.writes,
      starts: new StartQueue(options.maxConcurrentStarts ?? defaultMaxConcurrentStarts()),
    });
  }

  /** Creates and starts slots for `servers`; resolves once each is ready, failed or disabled. */
  async start(servers: Record<string, unknown>): Promise<void> {
    const slots = Object.entries(servers).map(([name, input]) => this.runner.create(name, input));
    for (const slot of slots) this.slots.set(slot.name, slot);
    await Promise.all(slots.map((slot) => slot.started));
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

  /** Carries out {@link planReload}'s steps; the new slots keep configuration order. */
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
    const steps = planReload(this.slots, servers, this.runner.parts.lazy);
    for (const step of steps) {
      const { name } = step;
      summary[step.kind].push(name);
      if (step.kind === "removed") {
        work.push(this.runner.stop(step.old));
      } else if (step.kind === "unchanged") {
        nextSlots.set(name, step.old);
      } else if (step.kind === "refiltered") {
        nextSlots.set(name, step.old);
        step.old.entry = step.entry;
        const registration = step.old.registration;
        if (registration) {
          work.push(
            registration.setFilter(step.entry.filter).then((report) => {
              this.events.registered("synced", step.old, report);
            }),
          );
        }
      } else {
        const old = step.kind === "restarted" ? step.old : undefined;
        const start = (old ? this.runner.stop(old) : Promise.resolve()).then(() => {
          const slot = this.runner.create(name, step.input);
          nextSlots.set(name, slot);
          return slot.started;
        });
        // Keep configuration order in servers(): reserve the position now, fill it when started.
        nextSlots.set(name, old ?? emptySlot(name));
        work.push(start);
      }
    }
    this.slots = nextSlots;
    await Promise.all(work);
    return summary;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.reloading;
    await Promise.all([...this.slots.values()].map((slot) => this.runner.stop(slot)));
    await this.writes.settled();
  }
}
