import { availableParallelism } from "node:os";
import type { ReconnectPolicy, Timeouts } from "./connection-types.js";

/** Defaults of `timeouts`. */
export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = Object.freeze({
  connectMs: 30_000,
  callMs: 60_000,
  maxTotalMs: undefined,
});

/** Defaults of `reconnect`. */
export const DEFAULT_RECONNECT: Readonly<ReconnectPolicy> = Object.freeze({
  initialRetries: 3,
  sessionRetries: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
});

/** Default of `whileReconnecting`: a short drop should not fail the calls made during it. */
export const DEFAULT_WHILE_RECONNECTING = "wait" as const;

/** Default time between `close()` starting and SIGKILL of what is left. */
export const DEFAULT_KILL_AFTER_MS = 10_000;

/** Lines of stderr kept per server. */
export const STDERR_TAIL_LINES = 50;

/**
 * Default bound on servers starting at once (spawn to `initialize` answered): 32, or twice the
 * CPU cores where that is more. A file of 2 000 servers must not spawn them all in one go, but
 * the files people have (a few to a few dozen servers) start all at once, as other MCP clients
 * do: a starting server mostly waits (for its modules to load, npx to resolve packages), and
 * waves of 2 × cores made ten servers on two cores start in three waves, ~0.6 s later than all
 * at once (bench/README.md, "Start-up (issue 50)").
 */
export function defaultMaxConcurrentStarts(): number {
  return Math.max(32, 2 * availableParallelism());
}
