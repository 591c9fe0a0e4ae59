import { describe, expect, it } from "vitest";
import type { HubEvent } from "./hub-types.js";
import type { RegistrationReport } from "./registration-report.js";
import { SERVER_STATES } from "./server-state.js";
import { ServerStateTracker, stateAfter } from "./server-state-tracker.js";

const report: RegistrationReport = { server: "fs", registered: [], skipped: [], warnings: [] };
const error = new Error("exited with code 1");

describe("stateAfter", () => {
  it("maps each hub event to a server state", () => {
    const after = (event: HubEvent) => stateAfter("ready", event);
    expect(after({ type: "waiting", server: "fs" })).toBe("connecting");
    expect(after({ type: "connecting", server: "fs" })).toBe("connecting");
    expect(after({ type: "manifest-known", server: "fs", toolCount: 2, report })).toBe("idle");
    expect(after({ type: "reconnecting", server: "fs", reason: undefined })).toBe("reconnecting");
    expect(after({ type: "failed", server: "fs", reason: "exited", error })).toBe("failed");
    expect(after({ type: "closed", server: "fs" })).toBe("closed");
    expect(stateAfter("connecting", { type: "ready", server: "fs", toolCount: 1, report })).toBe(
      "ready",
    );
  });

  it("a re-listing ends a reconnect and leaves every other state as it was", () => {
    const synced: HubEvent = { type: "synced", server: "fs", toolCount: 3, report };
    const unlisted: HubEvent = {
      type: "sync-failed",
      server: "fs",
      reason: "timed out",
      error,
      toolCount: 3,
    };
    expect(stateAfter("reconnecting", synced)).toBe("ready");
    expect(stateAfter("reconnecting", unlisted)).toBe("ready");
    for (const state of SERVER_STATES.filter((s) => s !== "reconnecting")) {
      expect(stateAfter(state, synced)).toBe(state);
      expect(stateAfter(state, unlisted)).toBe(state);
      expect(stateAfter(state, { type: "warning", server: "fs", message: "cache" })).toBe(state);
    }
  });
});

describe("ServerStateTracker", () => {
  it("follows a server from waiting to ready, down and back, and says the state before", () => {
    const states = new ServerStateTracker();
    expect(states.apply({ type: "waiting", server: "fs" })).toBeUndefined();
    expect(states.get("fs")).toEqual({ state: "connecting", toolCount: 0, waiting: true });
    expect(states.waitingCount()).toBe(1);
    states.apply({ type: "connecting", server: "fs" });
    expect(states.waitingCount()).toBe(0);
    states.apply({ type: "ready", server: "fs", toolCount: 4, report });
    states.apply({ type: "manifest-known", server: "gh", toolCount: 2, report });
    expect(states.toolCount()).toBe(6);
    expect(states.get("gh")?.state).toBe("idle");
    states.apply({ type: "reconnecting", server: "fs", reason: "exited" });
    expect(states.apply({ type: "synced", server: "fs", toolCount: 5, report })).toBe(
      "reconnecting",
    );
    expect(states.get("fs")).toEqual({ state: "ready", toolCount: 5, waiting: false });
  });

  it("a failed or closed server waits no more; a failed re-listing keeps the tool count", () => {
    const states = new ServerStateTracker();
    states.apply({ type: "waiting", server: "a" });
    states.apply({ type: "failed", server: "a", reason: "spawn", error });
    states.apply({ type: "waiting", server: "b" });
    states.apply({ type: "closed", server: "b" });
    expect(states.waitingCount()).toBe(0);
    states.apply({ type: "ready", server: "c", toolCount: 3, report });
    states.apply({ type: "reconnecting", server: "c", reason: undefined });
    states.apply({ type: "sync-failed", server: "c", reason: "x", error, toolCount: 9 });
    expect(states.get("c")).toEqual({ state: "ready", toolCount: 3, waiting: false });
  });
});
