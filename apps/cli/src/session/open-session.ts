import { type AgentSession, AgentSessionError } from "@tinyloop/agent-session";
import type {
  OpenStartedSessionOptions,
  StartingAgentSession,
} from "@tinyloop/agent-session/start";
import { CLI_CLIENT_INFO } from "../cli-version.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Style } from "../terminal/style.js";
import { FLAG_HINTS } from "./flag-hints.js";
import { type SessionFlags, sessionFlagOptions } from "./session-flag-options.js";

/** What {@link openSession} needs of the command besides the session's options. */
export interface OpenSessionContext {
  flags: SessionFlags & { allowNoServers?: boolean | undefined };
  io: Io;
  lifecycle: Lifecycle;
  /** The style of stderr, for the refusal. */
  style: Style;
  /** The status line shown while the servers connect: finished once they are up (or refused). */
  statusLine: { finish(): void };
}

/**
 * Opens a started session (see `startSession`) for any command: `options` say who answers
 * approvals and the servers' questions and where progress goes; the flags add `--max-turns`,
 * `--tool-search`, `--end-when`, and refuse servers configured but none connected unless
 * `--allow-no-servers` (agent-session decides; the refusal is printed here). Every server is
 * told the CLI's name and version (`CLI_CLIENT_INFO`). A signal while
 * connecting spawns nothing more. Returns the session, or the exit code to end with; the
 * lifecycle closes whatever was started either way.
 */
export async function openSession(
  starting: StartingAgentSession,
  options: OpenStartedSessionOptions,
  { flags, io, lifecycle, style, statusLine }: OpenSessionContext,
): Promise<AgentSession | number> {
  // Exiting already (a signal while starting; its code wins): spawn no server now.
  if (lifecycle.signal.aborted) return EXIT.terminated;
  let session: AgentSession;
  try {
    session = await starting.open({
      ...options,
      clientInfo: CLI_CLIENT_INFO,
      ...sessionFlagOptions(flags),
      ...(flags.allowNoServers
        ? {}
        : { refuseNoServers: { howToAllow: FLAG_HINTS.allowNoServers } }),
      signal: lifecycle.signal,
    });
  } catch (error) {
    if (!AgentSessionError.isInstance(error) || error.code !== "NO_SERVER_CONNECTED") throw error;
    statusLine.finish();
    io.stderr.write(`${style.red(`tinyloop: ${error.message}`)}\n`);
    return EXIT.runError;
  }
  statusLine.finish();
  // Exiting (the signal cancelled the connects): the session is closed on the way out.
  if (lifecycle.signal.aborted) return EXIT.terminated;
  return session;
}
