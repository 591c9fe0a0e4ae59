import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("mcp-registration", "McpRegistrationError");

/** Stable codes of {@link McpRegistrationError}. */
export type McpRegistrationErrorCode =
  /** A server entry given to `connectAll` / `reload` is not valid (its `tools`, `enabled` or transport part). */
  | "CONFIG_INVALID"
  /** An option passed to `registerServer` or `connectAll` is not valid. */
  | "OPTIONS_INVALID"
  /** The hub was already closed. */
  | "CLOSED";

/**
 * The one error class of `@tinyloop/mcp-registration`. Tool-level problems never throw:
 * they become `isError` results. This error is thrown only for bad configuration or
 * misuse of the API, and is recorded as a server's `lastError` when it fails to start.
 */
export class McpRegistrationError extends Error {
  static {
    markErrorClass(McpRegistrationError, marker);
  }

  /** Stable, machine-readable reason. */
  readonly code: McpRegistrationErrorCode;
  /** The server the error is about, when there is one. */
  readonly server: string | undefined;

  constructor({
    code,
    message,
    cause,
    server,
  }: {
    code: McpRegistrationErrorCode;
    message: string;
    cause?: unknown;
    server?: string;
  }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "McpRegistrationError";
    this.code = code;
    this.server = server;
  }

  /** True for any `McpRegistrationError`, also one from a duplicate install of this package. */
  static isInstance(value: unknown): value is McpRegistrationError {
    return hasErrorMarker(value, marker);
  }
}
