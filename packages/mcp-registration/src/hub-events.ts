import type { McpConnection } from "@tinyloop/mcp-transport";
import { errorSummary } from "./error-summary.js";
import type { HubEvent } from "./hub-types.js";
import type { RegisterServerOptions } from "./register-server-options.js";
import type { RegistrationReport } from "./registration-report.js";
import type { Slot } from "./server-slot.js";

/**
 * The hub's events (see {@link HubEvent}): what a slot's connection and registration say,
 * passed on to `onEvent` unless the slot was stopped. A listener that throws is ignored: a
 * broken progress display must not break the servers.
 */
export class HubEvents {
  constructor(private readonly onEvent: ((event: HubEvent) => void) | undefined) {}

  emit(event: HubEvent): void {
    try {
      this.onEvent?.(event);
    } catch {
      // a broken progress display must not break the servers
    }
  }

  /** The slot's start or config failed: it ends `failed`, with a `failed` event. */
  fail(slot: Slot, error: Error): void {
    slot.state = "failed";
    slot.phase = "failed";
    slot.lastError = error;
    this.emit({ type: "failed", server: slot.name, reason: errorSummary(error), error });
  }

  /** The slot's tools are registered (or re-listed, `synced`): `toolCount` and the report. */
  registered(
    type: "ready" | "synced" | "manifest-known",
    slot: Slot,
    report: RegistrationReport,
  ): void {
    this.emit({ type, server: slot.name, toolCount: report.registered.length, report });
  }

  /** Passes the connection's state changes on as `reconnecting` and `failed` events. */
  watch(slot: Slot, connection: McpConnection): () => void {
    return connection.onStateChange((state, detail) => {
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

  /** The registration's re-sync callbacks: `synced` and `sync-failed` events. */
  syncHooks(slot: Slot): Pick<RegisterServerOptions, "onSync" | "onSyncFailed"> {
    return {
      onSync: (report) => {
        if (!slot.stopped) this.registered("synced", slot, report);
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
}
