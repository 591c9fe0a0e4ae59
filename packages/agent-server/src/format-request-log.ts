import type { RequestLog } from "./server-options.js";

/**
 * One access-log line for an `onRequest` report:
 * `POST /v1/chat/completions 200 812ms`, with ` (client went away)` when the client closed
 * the connection before the answer was complete.
 *
 * ```ts
 * createAgentServer({ model, registry, onRequest: (log) => console.error(formatRequestLog(log)) });
 * ```
 */
export function formatRequestLog(log: RequestLog): string {
  const gone = log.clientClosed ? " (client went away)" : "";
  return `${log.method} ${log.path} ${log.status} ${Math.round(log.durationMs)}ms${gone}`;
}
