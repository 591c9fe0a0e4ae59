import type { ClientFeatureOptions } from "./client-features.js";
import type { ReconnectPolicy, Timeouts, WhileReconnecting } from "./connection-types.js";

/** Everything a connection needs, with defaults already applied. */
export interface ConnectionSettings {
  timeouts: Timeouts;
  reconnect: ReconnectPolicy;
  pingIntervalMs: number;
  /** Default for calls made while reconnecting (see WhileReconnecting). */
  whileReconnecting: WhileReconnecting;
  clientInfo: { name: string; version: string };
  onLog: ((line: string) => void) | undefined;
  /** Elicitation, sampling, roots and server logs (see ClientFeatureOptions). */
  features?: ClientFeatureOptions;
}
