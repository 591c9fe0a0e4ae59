import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("agent-server", "AgentServerError");

/** Stable codes of {@link AgentServerError}. */
export type AgentServerErrorCode =
  /** An option of `createAgentServer` is missing or has the wrong type or range. */
  | "OPTIONS_INVALID"
  /** The server would listen on a non-loopback address without an API key. */
  | "KEY_REQUIRED"
  /** `apiKeyFromEnv`: the variable is unset or empty, or its key is too short or has spaces. */
  | "KEY_INVALID"
  /**
   * The registry has a tool named `tool_search`, the name every request's agent needs for its
   * search over deferred tools (unless `toolSearch` is `"never"`).
   */
  | "TOOL_SEARCH_TAKEN"
  /** The address could not be bound (port in use, no permission, unknown host). */
  | "LISTEN_FAILED";

/**
 * The one error class of `@tinyloop/agent-server`, thrown for programming and setup
 * mistakes. Problems of one HTTP request never throw: they become OpenAI-style error
 * responses.
 */
export class AgentServerError extends Error {
  static {
    markErrorClass(AgentServerError, marker);
  }

  /** What went wrong, stable across versions. */
  readonly code: AgentServerErrorCode;

  constructor({
    code,
    message,
    cause,
  }: { code: AgentServerErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "AgentServerError";
    this.code = code;
  }

  /** True for any `AgentServerError`, also one created by another copy of this package. */
  static isInstance(value: unknown): value is AgentServerError {
    return hasErrorMarker(value, marker);
  }
}
