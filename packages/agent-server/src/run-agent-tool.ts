import type { CallToolResult, ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import type { Agent, DoneEvent, ToolResultEvent } from "@tinyloop/agent-loop";
import { type AgentToolInput, agentToolPrompt } from "./agent-tool.js";

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
 * sent a progress token), and
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
  let done: DoneEvent | undefined;
  for await (const event of agent.run(agentToolPrompt(input), { signal: request.signal })) {
    switch (event.type) {
      case "turn-start":
        await report(`turn ${event.turn}: the model is thinking`);
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
        await report(`turn ${event.turn}: calling ${event.call.name}`);
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
