import type { AgentFile } from "@tinyloop/agent-files";
import {
  type AgentSession,
  type AgentSessionOptions,
  type ConnectProgress,
  openAgentSession,
} from "@tinyloop/agent-session";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { statusLine } from "../run/status-line.js";
import type { Style } from "../terminal/style.js";
import { withBundledServers } from "./bundled-servers.js";
import { noServerRefusal } from "./no-server-refusal.js";
import { type SessionFlags, sessionFlagOptions } from "./session-flag-options.js";

/**
 * Opens the agent for a command that nobody sits beside (`serve`, `worker`): the servers
 * connect under a status line on stderr (its flood summary printed at exit), a signal while
 * connecting spawns nothing more, and servers configured but none connected are refused at
 * start, not found out per request. Returns the session, or the exit code to end with; the
 * lifecycle closes whatever was started either way (through `onHub`).
 */
export async function openUnattendedSession(input: {
  spec: AgentFile;
  model: ChatModel;
  flags: SessionFlags & { verbose?: boolean; allowNoServers?: boolean };
  io: Io;
  lifecycle: Lifecycle;
  style: Style;
  onHub: (hub: McpHub) => void;
  /** Who answers the servers' elicitations and sampling requests (nobody, without it). */
  asking?: Pick<AgentSessionOptions, "onElicit" | "approveSampling">;
  /** Also told when a server fails, drops or comes back (besides the status line). */
  serverEvents?: Pick<ConnectProgress, "failed" | "dropped" | "back">;
}): Promise<AgentSession | number> {
  const { flags, io, lifecycle, style } = input;
  const progress = statusLine({
    out: io.stderr,
    live: io.stderr.isTTY === true,
    style,
    verbose: flags.verbose === true,
  });
  lifecycle.addLastWords(() => progress.flush());
  const events = input.serverEvents;
  const session = await openAgentSession({
    agent: { ...input.spec, servers: withBundledServers(input.spec.servers) },
    model: input.model,
    progress: events
      ? {
          ...progress,
          failed: (server, reason, stderr) => {
            progress.failed(server, reason, stderr);
            events.failed(server, reason, stderr);
          },
          dropped: (server, reason) => {
            progress.dropped?.(server, reason);
            events.dropped?.(server, reason);
          },
          back: (server, tools, unlisted) => {
            progress.back?.(server, tools, unlisted);
            events.back?.(server, tools, unlisted);
          },
        }
      : progress,
    ...input.asking,
    // --max-turns, --tool-search, --end-when, --lazy, --max-concurrent-starts: as for `run`.
    ...sessionFlagOptions(flags),
    watchdog: true,
    signal: lifecycle.signal,
    onHub: input.onHub,
  });
  progress.finish();
  // Exiting (the signal cancelled the connects): no "no server connected" refusal for that.
  if (lifecycle.signal.aborted) return EXIT.terminated;
  const refusal = noServerRefusal(session.status(), flags.allowNoServers, style);
  if (refusal) {
    io.stderr.write(refusal);
    return EXIT.runError;
  }
  return session;
}
