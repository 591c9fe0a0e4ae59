/**
 * What the loop's spans may hold beyond counts and names. Tool arguments and results and
 * message contents can hold secrets, so they are recorded only when `captureContent` is
 * true, and then passed through `redact` (the same masking as log lines).
 */
export interface TracingOptions {
  /** `gen_ai.agent.name` of the run's `invoke_agent` span. Default `"tinyloop"`. */
  agentName?: string;
  /** `gen_ai.conversation.id`; default: a random id per conversation (new after `reset`). */
  conversationId?: string;
  /**
   * Record tool arguments and results (`gen_ai.tool.call.arguments` / `.result`) and the
   * messages (`gen_ai.input.messages` / `gen_ai.output.messages`). Default false.
   */
  captureContent?: boolean;
  /** Masks secrets in recorded content; applied to every content attribute. Default: none. */
  redact?: (text: string) => string;
}

/** Records content only when opted in, always redacted; `undefined` when not opted in. */
export type ContentRecorder = ((text: string) => string) | undefined;

/** The content recorder of `options`: `undefined` unless `captureContent` is true. */
export function contentRecorder(options: TracingOptions | undefined): ContentRecorder {
  if (options?.captureContent !== true) return undefined;
  const redact = options.redact;
  return redact ? (text) => redact(text) : (text) => text;
}
