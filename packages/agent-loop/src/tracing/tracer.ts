import { type Tracer, trace } from "@opentelemetry/api";

/** The instrumentation scope of the loop's spans. */
export const TRACER_NAME = "@tinyloop/agent-loop";

/**
 * The loop's tracer: the no-op one until a program registers an OpenTelemetry SDK (then
 * that SDK's). Fetched per run, so an SDK registered after this module loaded is used.
 */
export function loopTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}
