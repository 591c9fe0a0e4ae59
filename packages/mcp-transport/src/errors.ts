import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("mcp-transport", "McpTransportError");

/** Stable codes of {@link McpTransportError}. */
export type McpTransportErrorCode =
  /** The server config is invalid or an `${VAR}` in it is not set. Nothing was started. */
  | "CONFIG_INVALID"
  /** The stdio command does not exist (or is not executable). */
  | "SERVER_NOT_FOUND"
  /** The server process exited (during start, or mid-session and could not be brought back). */
  | "SERVER_EXITED"
  /** The server did not finish `initialize` within `timeouts.connectMs`. */
  | "CONNECT_TIMEOUT"
  /** The HTTP server answered with an unexpected status. */
  | "HTTP_STATUS"
  /** The HTTP server refused the credentials (401/403). */
  | "AUTH"
  /** The HTTP server could not be reached (connection refused, DNS, reset). */
  | "UNREACHABLE"
  /** The server broke the protocol (bad initialize answer, message too large, …). */
  | "PROTOCOL"
  /** The server answered a request with a JSON-RPC error (see `rpcCode`). */
  | "RPC_ERROR"
  /** A tool call took longer than its timeout; `notifications/cancelled` was sent. */
  | "CALL_TIMEOUT"
  /** A call was aborted through its signal; `notifications/cancelled` was sent. Was `CANCELLED`: one code across the packages. */
  | "ABORTED"
  /** The server is down for good (`failed`): the reason and stderr tail are attached. */
  | "NOT_CONNECTED"
  /** The connection was closed by `close()`. */
  | "CLOSED";

/** Constructor argument of {@link McpTransportError}. */
export interface McpTransportErrorOptions {
  code: McpTransportErrorCode;
  message: string;
  cause?: unknown;
  /** Name of the server the error is about. */
  server?: string;
  /** Last stderr lines of a stdio server (up to 50). */
  stderrTail?: string[];
  /** HTTP status for `HTTP_STATUS` / `AUTH`. */
  status?: number;
  /** JSON-RPC error code for `RPC_ERROR`. */
  rpcCode?: number;
  /** Exit code of a stdio server for `SERVER_EXITED`. */
  exitCode?: number | null;
  /** Signal that ended a stdio server for `SERVER_EXITED`. */
  signal?: string | null;
  /** The connection was lost while a call was in flight: the server may have run it (or part of it). */
  mayHaveRun?: boolean;
}

/**
 * The one error class of @tinyloop/mcp-transport. `code` is stable; `message` already
 * names the server and, for stdio servers, ends with the last stderr lines.
 */
export class McpTransportError extends Error {
  static {
    markErrorClass(McpTransportError, marker);
  }

  readonly code: McpTransportErrorCode;
  readonly server?: string;
  readonly stderrTail?: string[];
  readonly status?: number;
  readonly rpcCode?: number;
  readonly exitCode?: number | null;
  readonly signal?: string | null;
  readonly mayHaveRun?: boolean;

  constructor(options: McpTransportErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "McpTransportError";
    this.code = options.code;
    if (options.server !== undefined) this.server = options.server;
    if (options.stderrTail !== undefined) this.stderrTail = options.stderrTail;
    if (options.status !== undefined) this.status = options.status;
    if (options.rpcCode !== undefined) this.rpcCode = options.rpcCode;
    if (options.exitCode !== undefined) this.exitCode = options.exitCode;
    if (options.signal !== undefined) this.signal = options.signal;
    if (options.mayHaveRun !== undefined) this.mayHaveRun = options.mayHaveRun;
  }

  /** True for an McpTransportError from any copy of this package. */
  static isInstance(value: unknown): value is McpTransportError {
    return hasErrorMarker(value, marker);
  }
}

/** Appends a stderr tail to a message in a readable block (nothing when the tail is empty). */
export function withStderrTail(message: string, tail: readonly string[] | undefined): string {
  if (!tail || tail.length === 0) return message;
  return `${message}\nLast stderr lines:\n${tail.map((line) => `  ${line}`).join("\n")}`;
}
