import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  connectionLostError,
  isConnectionClosed,
  readRequestFailure,
} from "./call-error-translation.js";
import type { ConnectionErrors } from "./connection-errors.js";
import type { ConnectionStateMachine } from "./connection-state.js";
import type { RequestOptions, WhileReconnecting } from "./connection-types.js";
import type { McpTransportError } from "./errors.js";
import type { LiveSession } from "./live-session.js";
import { inRequest, recoverRequest } from "./oauth-recovery.js";
import type { TransportFactory } from "./transport-handle.js";
import { checkWhileReconnecting } from "./while-reconnecting.js";

/** What the call retry policy needs from its connection. */
export interface CallTarget {
  server: string;
  factory: TransportFactory;
  session: LiveSession;
  status: ConnectionStateMachine;
  errors: ConnectionErrors;
  /** The timeout of a request that names none. */
  callMs: number;
  /** The connection's default for requests made while it reconnects. */
  whileReconnecting: WhileReconnecting;
  /**
   * Re-initialises the session (a fresh process, or a new HTTP session) after `failure`;
   * `immediate` skips the first backoff delay (an expired HTTP session).
   */
  reinitialise: (failure: McpTransportError, immediate: boolean) => void;
  stderrTail: () => string[];
  log: (line: string) => void;
}

/**
 * A request's time: its timeout as set, which messages name, and what is left of it when the
 * request is sent (it may have waited for a reconnect, or be a retry), which bounds the wait.
 */
export interface CallTime {
  timeoutMs: number;
  remainingMs: number;
}

/**
 * The call retry policy: runs `operation` on a ready client, with its {@link CallTime}. It
 * waits for a reconnect under way (bounded by the timeout; `whileReconnecting: "fail"`
 * refuses instead). A request refused for want of authorization is sent once more after an
 * OAuth login; one that the server cannot have seen (the HTTP session expired, the server was
 * unreachable, the process had just died) re-initialises the session and is sent once more —
 * that retry always waits, since the request itself started the reconnect. Nothing is sent a
 * third time.
 *
 * `repeatable()` says when running `operation` again cannot repeat its effect (a call whose
 * task exists only polls it when run again): then a failure that lost the session or the
 * connection resumes it on the next ready client, as often as the connection reconnects
 * within the timeout.
 */
export function runOnReadyClient<T>(
  target: CallTarget,
  what: string,
  options: RequestOptions,
  operation: (client: Client, time: CallTime) => Promise<T>,
  repeatable: () => boolean = () => false,
): Promise<T> {
  // The request's attempts and its OAuth recovery as one, so that its step-up is its own.
  return inRequest(target.factory, () => runAttempts(target, what, options, operation, repeatable));
}

async function runAttempts<T>(
  target: CallTarget,
  what: string,
  options: RequestOptions,
  operation: (client: Client, time: CallTime) => Promise<T>,
  repeatable: () => boolean,
): Promise<T> {
  const { status, session } = target;
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? target.callMs;
  const whileReconnecting =
    checkWhileReconnecting(options.whileReconnecting, `${what} options`, target.server) ??
    target.whileReconnecting;
  for (let retry = 0; ; retry++) {
    let client = session.client;
    if (status.current !== "ready" || !client) {
      await status.waitUntilReady({
        deadline: started + timeoutMs,
        signal: options.signal,
        what,
        whileReconnecting: retry === 0 ? whileReconnecting : "wait",
      });
      client = session.client as Client;
    }
    const handle = session.handle;
    try {
      const remainingMs = Math.max(1, started + timeoutMs - Date.now());
      return await operation(client, { timeoutMs, remainingMs });
    } catch (error) {
      if (retry === 0 && (await recoverRequest(target.factory, error))) continue;
      const read = readRequestFailure(error, (raw) =>
        handle ? handle.describeFailure(raw, "session") : target.errors.asError(raw),
      );
      if (read.kind === "typed") throw read.error;
      const { failure } = read;
      const lost = session.client !== client || isConnectionClosed(error);
      const resume = repeatable() && (read.retriable || lost);
      if ((read.retriable && retry === 0) || resume) {
        if (session.client === client && status.current === "ready") {
          target.log(
            `Server "${target.server}": ${failure.message} Reconnecting and retrying ${what} once.`,
          );
          target.reinitialise(failure, failure.code === "HTTP_STATUS");
        }
        const state = status.current;
        if (state === "reconnecting" || state === "ready") continue;
      }
      if (status.current === "closed") throw target.errors.closed();
      if (session.client !== client || isConnectionClosed(error)) {
        throw connectionLostError({
          what,
          server: target.server,
          failure,
          stderrTail: target.stderrTail(),
        });
      }
      throw failure;
    }
  }
}
