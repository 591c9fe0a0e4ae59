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
  /** A saved conversation's file cannot be read: not JSON, another program's, a newer version's. */
  | "CONVERSATION_UNREADABLE"
  /** No saved conversation to resume, or none (or more than one) with the id given. */
  | "CONVERSATION_NOT_FOUND"
  /**
   * `refuseNoServers`: the agent configures servers and none connected; the session was
   * closed rather than run without tools. The message says which failed and why.
   */
  | "NO_SERVER_CONNECTED"
  /** The model id is a hosted provider's (`gpt-4.1-mini`) and its key variable is not set. */
  | "KEY_REQUIRED"
  /** The provider is none tinyloop knows (`opnai`) and no endpoint URL says where it is. */
  | "PROVIDER_UNKNOWN";

/**
 * The one error class of @tinyloop/agent-session: the model cannot be built from what the
 * agent file and the caller chose, a saved conversation cannot be read, or (when the caller
 * asked for it) no server connected. The message says what is wrong and how to fix it.
 * A failing MCP server alone is not an error here: it is reported in the session's status.
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
