import type {
  CallToolResult,
  LoggingLevel,
  ServerNotification,
} from "@modelcontextprotocol/sdk/types.js";
import type { Agent, AgentEvent, DoneEvent, ToolResultEvent } from "@tinyloop/agent-loop";
import { type AgentToolInput, agentToolPrompt } from "./agent-tool.js";
import { callerLogLine, passesLogLevel, toolCallText, turnStartText } from "./caller-log.js";

/** One tool call the agent made during a call of its MCP tool. */
export interface AgentToolCallMade {
  name: string;
  /** The arguments as JSON text, as the model wrote them. */
  arguments: string;
  outcome: ToolResultEvent["outcome"];
}

/** What a call's run may use of the MCP request it answers. */
export interface AgentToolRequest {
  /** Aborts when the caller sends `notifications/cancelled` (or the server closes). */
  signal: AbortSignal;
  /** The caller's `_meta.progressToken`: progress is sent only when there is one. */
  progressToken?: string | number;
  /** Sends a notification tied to the request. */
  sendNotification(notification: ServerNotification): Promise<void>;
  /**
   * The least severe level the caller wants as log messages (`notifications/message`, see
   * `callerLogLine`), read at each event; without it no log message is sent.
   */
  logLevel?: () => LoggingLevel;
  /** The log messages' `logger` (the tool's name). */
  logger?: string;
  /** Masks secrets in the log messages' texts. */
  redact?: (text: string) => string;
}

function answerOf(done: DoneEvent, streamed: string): string {
  const text = done.text?.trim() ? done.text : streamed;
  if (text.trim()) return text;
  if (done.reason === "max-turns") {
    return `The agent stopped after ${done.turns} model turns, its limit, without an answer.`;
  }
  return "The agent finished without an answer.";
}

/**
 * Runs `agent` on one call of its MCP tool: sends `notifications/progress` at each model
 * turn, each tool call the agent makes and each progress its tools report (when the caller
 * sent a progress token), log messages for the notable events (see `callerLogLine`), and
 * answers with the agent's answer as text plus `structuredContent` (answer, stop reason,
 * turns, tool calls made, usage). A model failure is an `isError` result saying so.
 */
export async function runAgentTool(
  agent: Agent,
  input: AgentToolInput,
  request: AgentToolRequest,
): Promise<CallToolResult> {
  const calls = new Map<string, AgentToolCallMade>();
  let streamed = "";
  let progress = 0;
  const report = async (message: string) => {
    if (request.progressToken === undefined) return;
    progress += 1;
    // A caller gone mid-run must not end the run with an unhandled rejection.
    await request
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken: request.progressToken, progress, message },
      })
      .catch(() => undefined);
  };
  const log = async (event: AgentEvent) => {
    const least = request.logLevel?.();
    if (least === undefined) return;
    const line = callerLogLine(event, request.redact);
    if (!line || !passesLogLevel(line.level, least)) return;
    await request
      .sendNotification({
        method: "notifications/message",
        params: {
          level: line.level,
          ...(request.logger === undefined ? {} : { logger: request.logger }),
          data: line.message,
        },
      })
      .catch(() => undefined);
  };
  let done: DoneEvent | undefined;
  for await (const event of agent.run(agentToolPrompt(input), { signal: request.signal })) {
    await log(event);
    switch (event.type) {
      case "turn-start":
        await report(turnStartText(event.turn));
        break;
      case "text-delta":
        streamed += event.text;
        break;
      case "tool-call":
        calls.set(event.call.id, {
          name: event.call.name,
          arguments: event.call.arguments,
          outcome: "ok",
        });
        await report(toolCallText(event.turn, event.call.name));
        break;
      case "tool-progress": {
        const amount =
          event.message ??
          `${event.progress}${event.total === undefined ? "" : ` of ${event.total}`}`;
        await report(`turn ${event.turn}: ${event.call.name}: ${amount}`);
        break;
      }
      case "tool-result": {
        const made = calls.get(event.call.id);
        if (made) made.outcome = event.outcome;
        break;
      }
      case "done":
        done = event;
        break;
    }
  }
  if (!done || done.reason === "error" || done.reason === "aborted") {
    const why =
      done?.reason === "aborted"
        ? "The run was cancelled before it finished."
        : `The agent's model failed: ${done?.error?.message.split("\n")[0] ?? "no reason given"}`;
    return { content: [{ type: "text", text: why }], isError: true };
  }
  const answer = answerOf(done, streamed);
  return {
    content: [{ type: "text", text: answer }],
    structuredContent: {
      answer,
      stopReason: done.reason,
      turns: done.turns,
      toolCalls: [...calls.values()],
      usage: done.usage,
    },
  };
}
