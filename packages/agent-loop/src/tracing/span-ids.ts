import type { Span } from "@opentelemetry/api";

/** The ids an event carries to tie it to its span, in an exported trace. */
export interface SpanIds {
  /** The W3C trace id (32 hex digits) of the run. */
  traceId?: string;
  /** The W3C span id (16 hex digits) of the event's span. */
  spanId?: string;
}

/**
 * `{ traceId, spanId }` of a span that is recording, `{}` otherwise: with tracing off (no
 * SDK registered, or the span not sampled) events carry no ids, since none would lead anywhere.
 */
export function spanIds(span: Span | undefined): SpanIds {
  if (span === undefined || !span.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
