import {
  abortedResult,
  stoppedResult,
  type ToolResult,
  timedOutResult,
  toolFailedResult,
  unavailableResult,
} from "@tinyloop/registry";
import { errorSummary } from "./error-summary.js";

/** Who a failed call was for: the registered name the model called, and its server. */
export interface CallTarget {
  /** The tool's registered name (`mcp_github_list_issues`), which the model knows it by. */
  name: string;
  server: string;
}

/**
 * `UNAVAILABLE` (the registry's outcome): the server has failed (its reconnects, if any, are
 * over) or been closed, so the tool was not called; the text says why, from the server's
 * state and its last error, and does not invite the model to try again. A
 * reconnecting server is not refused here: its calls go to the transport, whose
 * `whileReconnecting` decides.
 */
export function serverDownResult(
  { name, server }: CallTarget,
  state: string,
  lastError?: Error,
): ToolResult {
  const reason = lastError ? ` Last error: ${errorSummary(lastError)}` : "";
  const detail =
    state === "closed"
      ? `MCP server "${server}" has been closed.`
      : `MCP server "${server}" is down (${state}) and is not restarted in this session, so its tools cannot run; go on without them or tell the user.${reason}`;
  return unavailableResult(name, detail);
}

/**
 * A rejected `callTool` mapped onto the registry's outcomes: `TIMEOUT` (`CALL_TIMEOUT`),
 * `ABORTED` (the transport's abort code), `UNAVAILABLE` (the server was not connected),
 * else `TOOL_FAILED` — also when the server went away mid-call, saying the tool may have run.
 */
export function callFailureResult(
  target: CallTarget,
  error: unknown,
  signal?: AbortSignal,
): ToolResult {
  const { name, server } = target;
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = errorSummary(error);
  const mayHaveRun =
    typeof error === "object" && error !== null && (error as { mayHaveRun?: unknown }).mayHaveRun;
  if (mayHaveRun === true) {
    // The server went away while the call was in flight: it may have acted already.
    return toolFailedResult(
      name,
      `MCP server "${server}" stopped answering while the tool was running, so it may have run, in full or in part (check before calling it again): ${message}`,
    );
  }
  switch (code) {
    case "CALL_TIMEOUT":
      return timedOutResult(name, message);
    // mcp-transport's abort code.
    case "ABORTED":
      return signal?.aborted ? stoppedResult(name, signal) : abortedResult(name);
    case "NOT_CONNECTED":
    case "SERVER_EXITED":
    case "CLOSED":
    case "UNREACHABLE":
      return unavailableResult(
        name,
        `MCP server "${server}" is not available, so the tool did not run: ${message}`,
      );
    default:
      return toolFailedResult(name, message);
  }
}
