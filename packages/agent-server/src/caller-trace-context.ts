import { type Context, context, propagation } from "@opentelemetry/api";

/** The W3C trace context fields a caller may send in a request's `params._meta`. */
const TRACE_FIELDS = ["traceparent", "tracestate"] as const;

/**
 * The context a `tools/call` runs in: the caller's trace, as the W3C `traceparent` /
 * `tracestate` it sent in the request's `params._meta` (the MCP proposal for trace context,
 * as tinyloop's own MCP client sends it), so that the run's `invoke_agent` span is a child
 * of the caller's span. Without those fields, the HTTP request's `traceparent` header (the
 * `/mcp` endpoint); without either, the active context. Nothing happens while no
 * OpenTelemetry SDK is registered.
 */
export function callerTraceContext(
  meta: Record<string, unknown> | undefined,
  headers?: Record<string, string | string[] | undefined>,
): Context {
  const carrier: Record<string, string> = {};
  for (const field of TRACE_FIELDS) {
    const value = meta?.[field];
    if (typeof value === "string") carrier[field] = value;
  }
  if (carrier.traceparent !== undefined) return propagation.extract(context.active(), carrier);
  return headers ? propagation.extract(context.active(), headers) : context.active();
}
