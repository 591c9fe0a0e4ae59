import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import type { AgentEvent, RunTimeline, StopReason, ToolResultEvent } from "@tinyloop/agent-loop";
import { toolResultText } from "@tinyloop/registry";

/** A tool call the agent's model made (sent before the tool runs). */
export interface ToolCallExtension {
  type: "tool_call";
  turn: number;
  id: string;
  name: string;
  /** The arguments as JSON text, as the model wrote them. */
  arguments: string;
}

/** A running tool reported progress. */
export interface ToolProgressExtension {
  type: "tool_progress";
  id: string;
  name: string;
  progress: number;
  total?: number;
  message?: string;
}

/** A tool call settled. */
export interface ToolResultExtension {
  type: "tool_result";
  turn: number;
  id: string;
  name: string;
  /** `ok`, `error` (the tool said isError), `denied` (approval), `cancelled`, `unavailable`. */
  outcome: ToolResultEvent["outcome"];
  is_error: boolean;
  duration_ms: number;
  /** The result as text: text blocks joined, other blocks as `[image image/png]` and the like. */
  result: string;
  /** True when `result` was cut to the server's `maxResultChars`. */
  truncated: boolean;
}

/**
 * The run as a timeline (agent-loop's `RunTimeline`: every model call and tool call as a bar
 * on one time axis), sent once the run is over, before `done` (or the error that ended it).
 * Its labels are the model's text (tool names as called): show them as text, never as HTML.
 */
export interface TimelineExtension {
  type: "timeline";
  timeline: RunTimeline;
}

/**
 * A tool call waits for a person's answer in the chat page (`approval.inPage`): answer with
 * `POST /tinyloop/v1/approvals/{id}`. Sent right after its `tool_call`.
 */
export interface ApprovalRequestExtension {
  type: "approval_request";
  id: string;
  tool_call_id: string;
  name: string;
  /** The whole arguments as JSON text, as the model wrote them. */
  arguments: string;
  /**
   * What the call would change, as lines of text to show as they are (for a file write: a
   * header naming the file, then a unified diff against the file now); absent when the server
   * cannot say (`approval.changeLines`).
   */
  diff?: string[];
}

/**
 * One of the agent's MCP servers asks to use the agent's model while this run is the only one
 * (`approval.inPage`): answer with `POST /tinyloop/v1/approvals/{id}`, `approve` or `deny`.
 */
export interface SamplingRequestExtension {
  type: "sampling_request";
  id: string;
  /** The agent's MCP server that asks. */
  server: string;
  /** The question, as a `/mcp` caller gets it: the server, the token limit, the request's last message. */
  message: string;
}

/**
 * One of the agent's MCP servers asks a form (`elicitation/create`, form mode) while this run is
 * the only one (`approval.inPage`): answer with `POST /tinyloop/v1/approvals/{id}`,
 * `{ "decision": "accept", "content": {…} }`, `decline` or `cancel`. Every text in it is the
 * server's: show it as text, never as HTML.
 */
export interface ElicitationRequestExtension {
  type: "elicitation_request";
  id: string;
  /** The agent's MCP server that asks. */
  server: string;
  /** What the server asks, as it wrote it. */
  message: string;
  /** The form: a flat JSON Schema object of string, number, integer, boolean and enum fields. */
  requested_schema: ElicitRequestFormParams["requestedSchema"];
}

/** The run is over (sent with the last content chunk). */
export interface DoneExtension {
  type: "done";
  reason: StopReason;
  turns: number;
}

/**
 * The `tinyloop` field some chunks carry: what the agent did between the text. Plain
 * OpenAI clients ignore it; the chat page and tinyloop-aware clients show it.
 */
export type TinyloopExtension =
  | ToolCallExtension
  | ToolProgressExtension
  | ToolResultExtension
  | TimelineExtension
  | ApprovalRequestExtension
  | SamplingRequestExtension
  | ElicitationRequestExtension
  | DoneExtension;

/** The extension of an agent event, or undefined for events that have none. */
export function toExtension(
  event: AgentEvent,
  maxResultChars: number,
): TinyloopExtension | undefined {
  switch (event.type) {
    case "tool-call":
      return {
        type: "tool_call",
        turn: event.turn,
        id: event.call.id,
        name: event.call.name,
        arguments: event.call.arguments,
      };
    case "tool-progress":
      return {
        type: "tool_progress",
        id: event.call.id,
        name: event.call.name,
        progress: event.progress,
        ...(event.total === undefined ? {} : { total: event.total }),
        ...(event.message === undefined ? {} : { message: event.message }),
      };
    case "tool-result": {
      const text = toolResultText(event.result);
      const truncated = text.length > maxResultChars;
      return {
        type: "tool_result",
        turn: event.turn,
        id: event.call.id,
        name: event.call.name,
        outcome: event.outcome,
        is_error: event.result.isError === true,
        duration_ms: Math.round(event.durationMs),
        result: truncated ? text.slice(0, maxResultChars) : text,
        truncated,
      };
    }
    default:
      return undefined;
  }
}
