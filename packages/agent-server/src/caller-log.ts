import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { AgentEvent } from "@tinyloop/agent-loop";
import { toolResultText } from "@tinyloop/registry";

/** MCP's log levels, least severe first (RFC 5424's order, as `logging/setLevel` uses them). */
const LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** The level a connection's log starts at, until its client sends `logging/setLevel`. */
export const DEFAULT_CALLER_LOG_LEVEL: LoggingLevel = "info";

/** True when a message at `level` passes a client's `logging/setLevel` threshold `least`. */
export function passesLogLevel(level: LoggingLevel, least: LoggingLevel): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(least);
}

/** One log message for the caller: its level and its text. */
export interface CallerLogLine {
  level: LoggingLevel;
  message: string;
}

/** What the caller is told (as progress and as a log message) when a model turn starts. */
export function turnStartText(turn: number): string {
  return `turn ${turn}: the model is thinking`;
}

/** What the caller is told (as progress and as a log message) when the agent calls a tool. */
export function toolCallText(turn: number, tool: string): string {
  return `turn ${turn}: calling ${tool}`;
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/**
 * The log message an agent event is worth to the MCP client that called the agent, if any:
 * a model turn (`debug`), a tool call (`info`), a cancelled call (`notice`), a failed or
 * refused tool call and a run stopped at its turn limit (`warning`), a tool whose server is
 * down and a failed model (`error`). Tool arguments are never included (they may hold what
 * the user typed); texts from tools and the model pass through `redact`.
 */
export function callerLogLine(
  event: AgentEvent,
  redact: (text: string) => string = (text) => text,
): CallerLogLine | undefined {
  switch (event.type) {
    case "turn-start":
      return { level: "debug", message: turnStartText(event.turn) };
    case "tool-call":
      return { level: "info", message: toolCallText(event.turn, event.call.name) };
    case "tool-result": {
      if (event.outcome === "ok") return undefined;
      const why = redact(firstLine(toolResultText(event.result)));
      const name = event.call.name;
      if (event.outcome === "cancelled") {
        return { level: "notice", message: `turn ${event.turn}: ${name} was cancelled` };
      }
      if (event.outcome === "unavailable") {
        return { level: "error", message: `turn ${event.turn}: ${name} is unavailable: ${why}` };
      }
      const what = event.outcome === "denied" ? "was refused" : "failed";
      return { level: "warning", message: `turn ${event.turn}: ${name} ${what}: ${why}` };
    }
    case "done":
      if (event.reason === "max-turns") {
        return {
          level: "warning",
          message: `the agent stopped after ${event.turns} model turns, its limit`,
        };
      }
      if (event.reason === "error") {
        const why = redact(firstLine(event.error?.message ?? "no reason given"));
        return { level: "error", message: `the agent's model failed: ${why}` };
      }
      return undefined;
    default:
      return undefined;
  }
}

/** How one of the agent's MCP servers fared, as a session reports it (agent-session's `ConnectProgress`). */
export interface ServerEvents {
  failed(name: string, reason: string): void;
  dropped(name: string, reason?: string): void;
  back(name: string, tools: number): void;
}

/**
 * The agent's MCP servers failing, dropping and coming back, told to the MCP clients of
 * `server()` (an `AgentMcpServer`) as log messages (`error`, `warning`, `notice`): what concerns every call. Nothing
 * is sent before the server exists.
 */
export function callerServerEvents(
  server: () => { log(level: LoggingLevel, message: string): void } | undefined,
): ServerEvents {
  return {
    failed: (name, reason) => server()?.log("error", `MCP server ${name} failed: ${reason}`),
    dropped: (name, reason) =>
      server()?.log(
        "warning",
        `MCP server ${name} dropped${reason ? `: ${reason}` : ""}; restarting it`,
      ),
    back: (name, tools) =>
      server()?.log("notice", `MCP server ${name} is back with ${tools} tools`),
  };
}
