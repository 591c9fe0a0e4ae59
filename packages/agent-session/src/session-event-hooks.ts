import type { ConnectProgress } from "./connect-servers.js";
import type { AgentSessionOptions } from "./open-agent-session.js";
import type { SessionEvent } from "./session-events.js";

/** What {@link sessionEventHooks} gives `openAgentSession`. */
export type SessionEventHooks = Required<Pick<AgentSessionOptions, "progress" | "onServerLog">>;

/**
 * `openAgentSession`'s `progress` and `onServerLog` as session events, for a program that
 * streams them (`tinyloop run --json` writes one NDJSON line each, see `toJsonLine`): a server
 * that fails is a `server` event with `state: "failed"` and the reason, a server's
 * `notifications/message` a `server-log` event; a server that drops mid-session is a
 * `server` event with `state: "reconnecting"`, and `state: "ready"` with its tools once
 * back (with a `reason` when they could not be listed again: the ones from before stay).
 * The live status line is not an event; the `verbose` lines (server timings and stderr, for
 * `--verbose`) still go to `verbose` when given. After the session opens,
 * `serverStateEvents(session.hub)` gives the servers that are ready or idle.
 *
 * @example
 * const emit = (event: SessionEvent) => process.stdout.write(toJsonLine(event));
 * const session = await openAgentSession({ agent: file, model, ...sessionEventHooks(emit) });
 * for (const event of serverStateEvents(session.hub)) emit(event);
 */
export function sessionEventHooks(
  emit: (event: SessionEvent) => void,
  { verbose }: { verbose?: ((line: string) => void) | undefined } = {},
): SessionEventHooks {
  const progress: ConnectProgress = {
    status: () => {},
    failed: (server, reason) => emit({ type: "server", server, state: "failed", reason }),
    dropped: (server, reason) =>
      emit({ type: "server", server, state: "reconnecting", ...(reason ? { reason } : {}) }),
    back: (server, tools, unlisted) =>
      emit({
        type: "server",
        server,
        state: "ready",
        tools,
        ...(unlisted === undefined ? {} : { reason: `tools not listed again: ${unlisted}` }),
      }),
    ...(verbose ? { verbose } : {}),
  };
  return { progress, onServerLog: (log) => emit({ type: "server-log", ...log }) };
}
