import { type AgentFileServer, serverSandboxPolicy } from "@tinyloop/agent-files";
import type { AgentEvent } from "@tinyloop/agent-loop";
import { isServerUsable, type McpHub, type ServerState } from "@tinyloop/mcp-registration";
import type { SandboxPolicy } from "@tinyloop/mcp-transport";
import type { TimelineSessionEvent } from "./timeline-session-event.js";
import type { ToolFormatEvent } from "./tool-format-switch.js";

/** The session's start: which agent file, provider and model (see `sessionStartEvent`). */
export interface SessionStartEvent {
  type: "session";
  /** The agent file's path, or `default agent`. */
  agent: string;
  /** The OpenAI-compatible provider (`openai`, `ollama`, …), else the plan's kind (`anthropic`, `local`, `replay`). */
  provider: string;
  model: string | undefined;
  /** Whether the model's turns are replayed from a cassette (the tool calls are real). */
  replay: boolean;
}

/**
 * A server that is ready, idle (lazy: started on first use) or failed; mid-session also one
 * that dropped and is being restarted (`reconnecting`), and `ready` again once it is back.
 */
export interface ServerStateEvent {
  type: "server";
  server: string;
  /**
   * mcp-registration's `ServerState` words; `idle`: a lazy server registered from the
   * manifest cache, started on first use.
   */
  state: Extract<ServerState, "ready" | "idle" | "failed" | "reconnecting">;
  tools?: number;
  /** Why it failed or dropped; on `ready` after a drop, why its tools could not be listed again. */
  reason?: string;
  /** A stdio server's sandbox policy, `false` when unconfined (see `describeServers`). */
  sandbox?: SandboxPolicy | false;
}

/** A server's `notifications/message`. */
export interface ServerLogEvent {
  type: "server-log";
  server: string;
  level: string;
  logger?: string;
  data: unknown;
}

/**
 * One event of a session as a program streams it (`tinyloop run --json` writes one per line):
 * the agent's events plus the session's own.
 */
export type SessionEvent =
  | AgentEvent
  | SessionStartEvent
  | ServerStateEvent
  | ServerLogEvent
  | ToolFormatEvent
  | TimelineSessionEvent;

/**
 * A `server` event for each server that is ready or idle, with its tool count: after
 * `openAgentSession` resolves (failed servers are told through `progress.failed` as they fail),
 * with each stdio server's sandbox policy when `servers` (the agent's) are given.
 */
export function serverStateEvents(
  hub: McpHub,
  servers: readonly AgentFileServer[] = [],
): ServerStateEvent[] {
  return hub.servers().flatMap((s): ServerStateEvent[] => {
    if (!isServerUsable(s.state)) return [];
    const server = servers.find((agent) => agent.name === s.name);
    const sandbox = server && serverSandboxPolicy(server);
    return [
      {
        type: "server",
        server: s.name,
        state: s.state,
        tools: s.toolCount,
        ...(sandbox === undefined ? {} : { sandbox }),
      },
    ];
  });
}

/** One NDJSON line; errors become `{ name, code, message }` since `Error` has no JSON form. */
export function toJsonLine(event: SessionEvent): string {
  return `${JSON.stringify(event, (_key, value: unknown) => {
    if (value instanceof Error) {
      const code = (value as { code?: unknown }).code;
      return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
    }
    return value;
  })}\n`;
}
