import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("agent-session", "AgentSessionError");

/** Stable codes of {@link AgentSessionError}. */
export type AgentSessionErrorCode =
  /** The provider needs a model id and neither the file nor the caller gave one. */
  | "MODEL_REQUIRED"
  /** An OpenAI-compatible provider without a preset needs a base URL. */
  | "ENDPOINT_REQUIRED"
  /** The `local` provider's adapter (node-llama-cpp) could not be loaded. */
  | "PROVIDER_UNAVAILABLE"
  /** The model id is a hosted provider's (`gpt-4.1-mini`) and its key variable is not set. */
  | "KEY_REQUIRED";

/**
 * The one error class of @tinyloop/agent-session: the model cannot be built from what the
 * agent file and the caller chose. The message says what is missing and how to give it.
 * Failing MCP servers are not errors here: they are reported in the session's status.
 */
export class AgentSessionError extends Error {
  static {
    markErrorClass(AgentSessionError, marker);
  }

  readonly code: AgentSessionErrorCode;

  constructor({
    code,
    message,
    cause,
  }: {
    code: AgentSessionErrorCode;
    message: string;
    cause?: unknown;
  }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "AgentSessionError";
    this.code = code;
  }

  /** True for any `AgentSessionError`, also one from a duplicate install of this package. */
  static isInstance(value: unknown): value is AgentSessionError {
    return hasErrorMarker(value, marker);
  }
}
