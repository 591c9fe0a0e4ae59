import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

/** What {@link startHealthPings} pings and whom it tells. */
export interface HealthPings {
  /** Ping period in ms; 0 or less turns pings off. */
  everyMs: number;
  /** The client to ping now, or undefined while the connection is not ready (no ping then). */
  currentClient: () => Client | undefined;
  /** A ping to `client` went unanswered within its timeout (or failed). */
  onUnanswered: (client: Client, error: unknown) => void;
}

/** Longest a ping may take, however long the period. */
const MAX_PING_TIMEOUT_MS = 10_000;

/**
 * Sends MCP `ping` every `everyMs` while there is a client. A ping's timeout is the period
 * (at most 10 s), so one ping is never in flight while the next is due and a server silent
 * for a whole period counts as gone. Returns the function that stops the pings.
 */
export function startHealthPings(pings: HealthPings): () => void {
  const every = pings.everyMs;
  if (!every || every <= 0) return () => {};
  let inFlight = false;
  const timer = setInterval(() => {
    const client = pings.currentClient();
    if (inFlight || !client) return;
    inFlight = true;
    client
      .ping({ timeout: Math.min(every, MAX_PING_TIMEOUT_MS) })
      .catch((error: unknown) => pings.onUnanswered(client, error))
      .finally(() => {
        inFlight = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
