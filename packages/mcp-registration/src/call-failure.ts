import type { ToolResult } from "@tinyloop/registry";
import { errorSummary } from "./error-summary.js";

/** Why a server cannot take a call right now, from its state and its last error. */
export function unavailableResult(
  server: string,
  tool: string,
  state: string,
  lastError?: Error,
): ToolResult {
  const reason = lastError ? ` Last error: ${errorSummary(lastError)}` : "";
  const text =
    state === "reconnecting" || state === "connecting"
      ? `MCP server "${server}" is ${state} (the connection dropped), so tool "${tool}" was not called.${reason} Try again in a moment.`
      : state === "closed"
        ? `MCP server "${server}" has been closed, so tool "${tool}" cannot be called.`
        : `MCP server "${server}" is down (${state}), so tool "${tool}" cannot be called until the server is restarted.${reason}`;
  return { content: [{ type: "text", text }], isError: true };
}

/** A rejected `callTool` as an error result naming the server, the tool and the reason. */
export function callFailureResult(server: string, tool: string, error: unknown): ToolResult {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = errorSummary(error);
  const mayHaveRun =
    typeof error === "object" && error !== null && (error as { mayHaveRun?: unknown }).mayHaveRun;
  let text: string;
  if (mayHaveRun === true) {
    // The server went away while the call was in flight: it may have acted already.
    text = `MCP server "${server}" stopped answering while tool "${tool}" was running, so the tool may have run, in full or in part (check before calling it again): ${message}`;
    return { content: [{ type: "text", text }], isError: true };
  }
  switch (code) {
    case "CALL_TIMEOUT":
      text = `Tool "${tool}" of MCP server "${server}" timed out: ${message}`;
      break;
    case "CANCELLED":
      text = `Tool "${tool}" of MCP server "${server}" was cancelled.`;
      break;
    case "NOT_CONNECTED":
    case "SERVER_EXITED":
    case "CLOSED":
    case "UNREACHABLE":
      text = `MCP server "${server}" is not available, so tool "${tool}" did not run: ${message}`;
      break;
    default:
      text = `Tool "${tool}" of MCP server "${server}" failed: ${message}`;
  }
  return { content: [{ type: "text", text }], isError: true };
}
