import { InferenceError } from "../inference-error.js";
import { abortableSleep } from "./abortable-sleep.js";
import { type HttpAnswer, httpPost } from "./http-post.js";
import { errorFromStatus } from "./http-status-error.js";
import { redactSecrets } from "./redact-secrets.js";
import type { RequestContext } from "./request-context.js";
import { maxRetryAfterMs, retryDelayMs } from "./retry-delay.js";
import { nextWait, StreamIdleError, type TurnClock, TurnTimeoutError } from "./stream-timeouts.js";
import { timeoutError } from "./timeout-error.js";

/** The error a stream throws when its signal aborted. */
export function abortedError(context: RequestContext, cause?: unknown): InferenceError {
  return new InferenceError({
    code: "ABORTED",
    message: `The request to ${context.provider} was aborted.`,
    provider: context.provider,
    cause,
  });
}

function unreachableError(context: RequestContext, error: unknown): InferenceError {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail =
    typeof cause?.code === "string"
      ? cause.code
      : redactSecrets(String(cause?.message ?? (error as Error).message ?? error), context.secrets);
  return new InferenceError({
    code: "UNREACHABLE",
    message: `Could not reach ${context.provider} at ${context.url} (${detail}). ${context.unreachableHint}`,
    provider: context.provider,
    cause: error,
  });
}

/**
 * POSTs a streaming request and returns the response once it is a 2xx event stream; a
 * server that sends no headers within the idle limit (or before the turn's deadline) is
 * abandoned with `TIMEOUT`.
 * 429 and 5xx answers are retried with backoff (honouring Retry-After) up to
 * `context.maxRetries` times — this all happens before any event is read, so a retry
 * never repeats output. Every failure becomes an InferenceError with a message that never
 * contains a secret.
 */
export async function openEventStream(
  context: RequestContext,
  request: {
    headers: Record<string, string>;
    body: string;
    signal: AbortSignal | undefined;
    model: string;
  },
  clock: TurnClock,
): Promise<HttpAnswer> {
  const { signal } = request;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortedError(context, signal.reason);
    let response: HttpAnswer;
    try {
      response = await httpPost(context.endpoint, {
        headers: request.headers,
        body: request.body,
        signal,
        headersWithin: nextWait(clock, "headers"),
      });
    } catch (error) {
      if (signal?.aborted) throw abortedError(context, error);
      if (error instanceof StreamIdleError || error instanceof TurnTimeoutError) {
        throw timeoutError(context, error);
      }
      throw unreachableError(context, error);
    }
    if (response.ok) {
      const type = response.headers.get("content-type") ?? "";
      if (type.includes("text/event-stream")) return response;
      const text = await response.text().catch(() => "");
      throw new InferenceError({
        code: "PROTOCOL",
        message: `${context.provider} answered ${response.status} with ${type || "no content type"} instead of an event stream (text/event-stream) at ${context.url}: "${redactSecrets(text.slice(0, 200), context.secrets)}". Check that the base URL points at an OpenAI-compatible or Anthropic API.`,
        provider: context.provider,
        status: response.status,
      });
    }
    let bodyText = "";
    try {
      bodyText = await response.text();
    } catch (error) {
      if (signal?.aborted) throw abortedError(context, error);
    }
    const status = response.status;
    if ((status === 429 || status >= 500) && attempt < context.maxRetries) {
      const delay = retryDelayMs(response.headers, attempt, context.retryDelayMs);
      if (delay > maxRetryAfterMs) {
        const note = ` The server asks to retry after ${Math.ceil(delay / 1000)} s, longer than the ${maxRetryAfterMs / 1000} s this adapter waits.`;
        throw errorFromStatus(status, bodyText, context, request.model, attempt, note);
      }
      if (!(await abortableSleep(delay, signal))) throw abortedError(context, signal?.reason);
      continue;
    }
    throw errorFromStatus(status, bodyText, context, request.model, attempt);
  }
}
