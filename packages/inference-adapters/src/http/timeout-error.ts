import { InferenceError } from "../inference-error.js";
import type { RequestContext } from "./request-context.js";
import type { StreamIdleError, TurnTimeoutError } from "./stream-timeouts.js";

/**
 * The `TIMEOUT` error of a response abandoned for silence (before its headers or in its
 * body) or for taking longer than the turn limit. One wording for every provider; the
 * setting named is the caller's (`context.timeoutSettings`: a CLI names its flags).
 */
export function timeoutError(
  context: RequestContext,
  error: StreamIdleError | TurnTimeoutError,
): InferenceError {
  const where = `${context.provider} at ${context.url}`;
  const { idle, turn } = context.timeoutSettings;
  const message =
    "turnMs" in error
      ? `${where} did not complete its response within the turn limit of ${error.turnMs} ms (keep-alive comments do not extend it), so the response was abandoned. The server may be stalled or overloaded; try again, or allow longer turns (${turn}).`
      : error.waitingFor === "headers"
        ? `${where} accepted the request but sent no response for ${error.idleMs} ms, so the request was abandoned. The server may be stalled or overloaded; try again, or allow longer pauses (${idle}).`
        : `${where} stopped sending: nothing arrived for ${error.idleMs} ms, so the response was abandoned. The server may be stalled or overloaded; try again, or allow longer pauses (${idle}).`;
  return new InferenceError({ code: "TIMEOUT", message, provider: context.provider, cause: error });
}
