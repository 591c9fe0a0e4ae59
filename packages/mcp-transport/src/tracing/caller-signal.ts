import { context, createContextKey } from "@opentelemetry/api";

const CALLER_SIGNAL = createContextKey("@tinyloop/mcp-transport caller signal");

/**
 * Runs `send` (the sending of one or more requests) with the caller's abort signal in the
 * active context, so that the MCP span of a request the SDK cancels can say who ended it:
 * the caller (`cancelled`, the signal aborted) or tinyloop's own timeout (`timeout`). The
 * SDK cancels a request only for its signal or its timeout, so a cancelled request whose
 * caller signal did not abort ran out of time. With no OpenTelemetry SDK registered the
 * context carries nothing and no span records, which is all it needs then.
 */
export function withCallerSignal<T>(signal: AbortSignal | undefined, send: () => T): T {
  if (signal === undefined) return send();
  return context.with(context.active().setValue(CALLER_SIGNAL, signal), send);
}

/** The caller's signal of the request being sent now, if its sender gave one. */
export function activeCallerSignal(): AbortSignal | undefined {
  return context.active().getValue(CALLER_SIGNAL) as AbortSignal | undefined;
}

/** Why a request the SDK cancelled ended, from what tinyloop did: see {@link withCallerSignal}. */
export function cancellationCause(callerSignal: AbortSignal | undefined): "timeout" | "cancelled" {
  return callerSignal?.aborted === true ? "cancelled" : "timeout";
}
