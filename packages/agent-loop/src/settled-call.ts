import type { ToolCall } from "@tinyloop/inference-adapters";
import type { ToolResult } from "@tinyloop/registry";
import type { ToolResultEvent } from "./events.js";

/** One finished call, as the loop appends it to the history. */
export interface SettledCall {
  call: ToolCall;
  result: ToolResult;
  outcome: ToolResultEvent["outcome"];
  /**
   * The arguments as the registry handed them to the tool (parsed, a double-encoded
   * object decoded); unset when the call never reached a handler.
   */
  args?: Record<string, unknown>;
}
