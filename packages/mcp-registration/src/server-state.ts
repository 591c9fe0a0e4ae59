import { CONNECTION_STATES } from "@tinyloop/mcp-transport";

/**
 * State of one server of a hub, tinyloop's one server-state vocabulary: the connection's
 * states (`CONNECTION_STATES` of `@tinyloop/mcp-transport`: `connecting`, `ready`,
 * `reconnecting`, `failed`, `closed`), `disabled` for `enabled: false`, and `idle` for a lazy
 * server whose tools come from the manifest cache and that has not been started yet (a call
 * to one of its tools starts it). Sessions, the CLI and the chat page show these words.
 */
export const SERVER_STATES = [...CONNECTION_STATES, "disabled", "idle"] as const;

/** One of {@link SERVER_STATES}. */
export type ServerState = (typeof SERVER_STATES)[number];

/**
 * How far a server got, the same words for lazy and eager servers: `configured` (known
 * from the config, nothing started or read yet), `manifest-known` (lazy: its tools are
 * registered from the cache, the process is not running), `started` (connected at least
 * once), `failed` (the start or the config failed).
 */
export const SERVER_PHASES = ["configured", "manifest-known", "started", "failed"] as const;

/** One of {@link SERVER_PHASES}. */
export type ServerPhase = (typeof SERVER_PHASES)[number];

/**
 * Whether a server in `state` offers working tools: `ready`, or `idle` (a lazy server,
 * started by the first call of one of its tools). The one rule behind "connected N/M".
 */
export function isServerUsable(state: ServerState): state is "ready" | "idle" {
  return state === "ready" || state === "idle";
}
