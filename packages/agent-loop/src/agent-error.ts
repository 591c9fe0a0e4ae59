import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("agent-loop", "AgentError");

/** Stable codes of {@link AgentError}. */
export type AgentErrorCode =
  /** An option given to `new Agent(…)` is missing or has the wrong type or range. */
  | "OPTIONS_INVALID"
  /** The input given to `agent.run(…)` is neither text nor a list of user parts. */
  | "INPUT_INVALID"
  /** `run` or `reset` was called while another run of the same agent was still going. */
  | "RUN_IN_PROGRESS"
  /** The registry already holds a tool named `task_complete` / `ask_question` that is not the agent's own. */
  | "EXIT_TOOL_TAKEN"
  /** The registry holds a tool named `tool_search`, the name of the agent's own search over deferred tools. */
  | "TOOL_SEARCH_TAKEN"
  /** `consumeRun` was given events that ended without a `done` event (not `agent.run`'s). */
  | "RUN_INCOMPLETE";

/**
 * The one error class of `@tinyloop/agent-loop`. It is thrown only for programming
 * mistakes (bad options, bad input, overlapping runs); everything that happens during a
 * run — tool failures, model failures, aborts — is reported through events instead.
 */
export class AgentError extends Error {
  static {
    markErrorClass(AgentError, marker);
  }

  /** What went wrong, stable across versions. */
  readonly code: AgentErrorCode;

  constructor({
    code,
    message,
    cause,
  }: { code: AgentErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "AgentError";
    this.code = code;
  }

  /** True for any `AgentError`, also one created by another copy of this package. */
  static isInstance(value: unknown): value is AgentError {
    return hasErrorMarker(value, marker);
  }
}
