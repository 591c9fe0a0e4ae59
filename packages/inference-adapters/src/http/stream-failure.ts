import { InferenceError } from "../inference-error.js";
import { abortedError } from "./open-event-stream.js";
import { NotServerSentEventsError } from "./read-server-sent-events.js";
import { redactSecrets } from "./redact-secrets.js";
import type { RequestContext } from "./request-context.js";
import { StreamIdleError, TurnTimeoutError } from "./stream-timeouts.js";
import { timeoutError } from "./timeout-error.js";

/** A malformed event: PROTOCOL, quoting its first 200 characters. */
export function protocolError(context: RequestContext, what: string, data: string): InferenceError {
  return new InferenceError({
    code: "PROTOCOL",
    message: `${context.provider} sent ${what}: "${redactSecrets(data.slice(0, 200), context.secrets)}". The server at ${context.url} does not speak the expected streaming format.`,
    provider: context.provider,
  });
}

/** The stream ended (or the connection dropped) before the response was complete. */
export function interruptedError(context: RequestContext, cause?: unknown): InferenceError {
  return new InferenceError({
    code: "INTERRUPTED",
    message: `The connection to ${context.provider} at ${context.url} closed before the response was complete. Try again; if it keeps happening, check the server's logs.`,
    provider: context.provider,
    cause,
  });
}

/** Turns whatever reading a stream threw into the InferenceError the caller sees. */
export function streamFailure(
  error: unknown,
  context: RequestContext,
  signal: AbortSignal | undefined,
): InferenceError {
  if (InferenceError.isInstance(error)) return error;
  if (signal?.aborted) return abortedError(context, error);
  if (error instanceof StreamIdleError || error instanceof TurnTimeoutError) {
    return timeoutError(context, error);
  }
  if (error instanceof NotServerSentEventsError) {
    return protocolError(context, "a line that is not Server-Sent Events", error.line);
  }
  return interruptedError(context, error);
}
