import type { OtlpSettings } from "./otlp-settings.js";

/** A registered tracer provider: flushes what is left and stops exporting. */
export interface RunningTracing {
  shutdown(): Promise<void>;
}

/**
 * Registers the official OpenTelemetry SDK for Node (`@opentelemetry/sdk-trace-node`: the
 * AsyncLocalStorage context manager and the W3C trace-context propagator) with a batching
 * OTLP/HTTP exporter. Loaded only here, by a dynamic import: a run without export never
 * loads the SDK. The exporter reads the standard `OTEL_EXPORTER_OTLP_*` variables (headers,
 * timeout, compression) itself; `settings.url` overrides the endpoint. The resource is
 * `OTEL_RESOURCE_ATTRIBUTES` with `service.name` / `service.version` over it.
 */
export async function startTracing(
  settings: OtlpSettings,
  version: string,
): Promise<RunningTracing> {
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { detectResources, envDetector, resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPTraceExporter(settings.url ? { url: settings.url } : {});
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, …), the service's name and version
    // on top (the name is OTEL_SERVICE_NAME's, else tinyloop).
    resource: detectResources({ detectors: [envDetector] }).merge(
      resourceFromAttributes({
        "service.name": settings.serviceName,
        "service.version": version,
      }),
    ),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
