import type { McpConnection } from "@tinyloop/mcp-transport";
import type { ServerPhase, ServerState } from "./hub-types.js";
import type { LazyConnection } from "./lazy-connection.js";
import type { ServerRegistration } from "./registration-report.js";
import type { ParsedServerEntry } from "./server-entry.js";

/** What a hub tracks about one configured server. */
export interface Slot {
  name: string;
  entry: ParsedServerEntry | undefined;
  state: ServerState;
  /** How far the server got: configured → manifest-known (lazy, from the cache) → started, or failed. */
  phase: ServerPhase;
  /** Started on first use (`lazy`). */
  lazy: boolean;
  /** Tools always offered (`alwaysLoad`). */
  alwaysLoad: boolean;
  /** The stand-in connection of a lazy server registered from its cached manifest. */
  lazyConnection: LazyConnection | undefined;
  lastError: Error | undefined;
  connection: McpConnection | undefined;
  registration: ServerRegistration | undefined;
  /** Set when the slot is being replaced or removed: late results are thrown away. */
  stopped: boolean;
  started: Promise<void>;
  unsubscribe: (() => void) | undefined;
}

/** A slot that has not started yet. */
export function emptySlot(name: string): Slot {
  return {
    name,
    entry: undefined,
    state: "connecting",
    phase: "configured",
    lazy: false,
    alwaysLoad: false,
    lazyConnection: undefined,
    lastError: undefined,
    connection: undefined,
    registration: undefined,
    stopped: false,
    started: Promise.resolve(),
    unsubscribe: undefined,
  };
}
