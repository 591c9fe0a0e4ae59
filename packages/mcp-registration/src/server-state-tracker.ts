import type { HubEvent } from "./hub-types.js";
import type { ServerState } from "./server-state.js";

/** What a {@link ServerStateTracker} knows of one server. */
export interface TrackedServer {
  state: ServerState;
  /** Its tools in the registry, as the last `ready`, `manifest-known` or `synced` said. */
  toolCount: number;
  /** Waiting for one of the hub's start places (`maxConcurrentStarts`). */
  waiting: boolean;
}

/**
 * The state a server is in after `event`, the one mapping from hub events to
 * {@link ServerState}: `waiting` and `connecting` → `connecting`; `ready` → `ready`;
 * `manifest-known` → `idle`; `reconnecting`, `failed`, `closed` → themselves; `synced` and
 * `sync-failed` end a `reconnecting` (→ `ready`: the server is back, its tools listed or
 * kept) and leave any other state; `warning` changes nothing.
 */
export function stateAfter(previous: ServerState, event: HubEvent): ServerState {
  switch (event.type) {
    case "waiting":
    case "connecting":
      return "connecting";
    case "manifest-known":
      return "idle";
    case "ready":
    case "reconnecting":
    case "failed":
    case "closed":
      return event.type;
    case "synced":
    case "sync-failed":
      return previous === "reconnecting" ? "ready" : previous;
    case "warning":
      return previous;
  }
}

/**
 * Follows a hub's servers through its events (`connectAll`'s `onEvent`), for a program
 * that shows them while they start and run: each server's {@link ServerState}, tool count
 * and whether it waits for a start place.
 *
 * @example
 * const states = new ServerStateTracker();
 * const hub = await connectAll(servers, registry, {
 *   onEvent: (event) => {
 *     const before = states.apply(event);
 *     if (before === "reconnecting" && event.type === "synced") console.error(`${event.server} is back`);
 *   },
 * });
 */
export class ServerStateTracker {
  readonly #servers = new Map<string, TrackedServer>();

  /** Folds `event` in; returns the server's state before it (`undefined` for a new one). */
  apply(event: HubEvent): ServerState | undefined {
    const known = this.#servers.get(event.server);
    const server = known ?? { state: "connecting", toolCount: 0, waiting: false };
    const before = known?.state;
    server.state = stateAfter(server.state, event);
    if (event.type === "waiting") server.waiting = true;
    if (event.type === "connecting" || event.type === "failed" || event.type === "closed") {
      server.waiting = false;
    }
    if (event.type === "ready" || event.type === "manifest-known" || event.type === "synced") {
      server.toolCount = event.toolCount;
    }
    this.#servers.set(event.server, server);
    return before;
  }

  /** What is known of `server`, if any event named it. */
  get(server: string): Readonly<TrackedServer> | undefined {
    return this.#servers.get(server);
  }

  /** The tools of every server, added up. */
  toolCount(): number {
    let count = 0;
    for (const server of this.#servers.values()) count += server.toolCount;
    return count;
  }

  /** How many servers wait for a start place. */
  waitingCount(): number {
    let count = 0;
    for (const server of this.#servers.values()) if (server.waiting) count++;
    return count;
  }
}
