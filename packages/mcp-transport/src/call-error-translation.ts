import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { McpTransportError } from "./errors.js";

/**
 * How a failed request reads: one of our own typed errors (timeout, cancel, RPC error)
 * passes through as it is; anything else is a transport failure, `retriable` when the
 * server cannot have seen the request.
 */
export type RequestFailure =
  | { kind: "typed"; error: McpTransportError }
  | { kind: "transport"; failure: McpTransportError; retriable: boolean };

/**
 * Reads a failed request. `NOT_CONNECTED` comes from a stdio transport whose process just
 * died (the request was never written); an HTTP 404 means the session expired and an
 * unreachable server received nothing: those three are safe to send again.
 */
export function readRequestFailure(
  error: unknown,
  describe: (error: unknown) => McpTransportError,
): RequestFailure {
  const neverSent = McpTransportError.isInstance(error) && error.code === "NOT_CONNECTED";
  if (McpTransportError.isInstance(error) && !neverSent) return { kind: "typed", error };
  const failure = describe(error);
  const retriable =
    neverSent ||
    (failure.code === "HTTP_STATUS" && failure.status === 404) ||
    failure.code === "UNREACHABLE";
  return { kind: "transport", failure, retriable };
}

/** What {@link connectionLostError} says about a request that lost its connection. */
export interface LostRequest {
  /** Names the request, e.g. `tools/call "echo"`. */
  what: string;
  server: string;
  failure: McpTransportError;
  stderrTail: string[];
}

/**
 * A request whose connection was lost while it was under way and that is not sent again:
 * `SERVER_EXITED` or `NOT_CONNECTED`. A tool call may have done its work before the loss,
 * so it says so (`mayHaveRun`).
 */
export function connectionLostError(lost: LostRequest): McpTransportError {
  const { what, server, failure } = lost;
  const isCall = what.startsWith("tools/call");
  return new McpTransportError({
    code: failure.code === "SERVER_EXITED" ? "SERVER_EXITED" : "NOT_CONNECTED",
    server,
    cause: failure,
    stderrTail: lost.stderrTail,
    ...(isCall ? { mayHaveRun: true } : {}),
    message: `${what} on server "${server}" did not complete: the connection was lost (${failure.message}).${isCall ? " It may have run, in full or in part, and" : " It"} was not retried.`,
  });
}

/**
 * The server answered `what` (e.g. `tools/call "echo"`, `resources/list`) with a JSON-RPC
 * error: `RPC_ERROR` with its code and message. Undefined for anything else, including the
 * SDK's "connection closed", which is a lost connection, not an answer.
 */
export function rpcErrorOf(
  error: unknown,
  server: string,
  what: string,
): McpTransportError | undefined {
  if (!(error instanceof McpError) || isConnectionClosed(error)) return undefined;
  return new McpTransportError({
    code: "RPC_ERROR",
    server,
    rpcCode: error.code,
    cause: error,
    message: `Server "${server}" answered ${what} with error ${error.code}: ${error.message.replace(/^MCP error -?\d+: /, "")}`,
  });
}

/** True for the SDK's "Connection closed" error (the transport went away mid-request). */
export function isConnectionClosed(error: unknown): boolean {
  return (
    error instanceof McpError &&
    error.code === ErrorCode.ConnectionClosed &&
    /Connection closed/.test(error.message)
  );
}
