import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import { EXPORT_TIMEOUT_MS, type OtlpSettings } from "./otlp-settings.js";

/** A registered tracer provider: flushes what is left and stops exporting. */
export interface RunningTracing {
  /** Flushes the spans left, waiting at most {@link EXPORT_TIMEOUT_MS}, and stops exporting. */
  shutdown(): Promise<void>;
}

/**
 * Registers the official OpenTelemetry SDK for Node (`@opentelemetry/sdk-trace-node`: the
 * AsyncLocalStorage context manager and the W3C trace-context propagator) with a batching
 * OTLP/HTTP exporter, JSON or protobuf (`settings.protocol`). Loaded only here, by a dynamic
 * import: a run without export never loads the SDK. The exporter reads the standard
 * `OTEL_EXPORTER_OTLP_*` variables (headers, timeout, compression) itself; `settings.url`
 * overrides the endpoint. The resource is `OTEL_RESOURCE_ATTRIBUTES` with `service.name` /
 * `service.version` over it. `warn` gets one line, at most once: the first export that
 * failed (or the flush at exit that ran out of time), or a protocol that cannot be followed.
 */
export async function startTracing(
  settings: OtlpSettings,
  version: string,
  warn: (line: string) => void,
): Promise<RunningTracing> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      settings.protocol === "http/protobuf"
        ? import("@opentelemetry/exporter-trace-otlp-proto")
        : import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  let warned = false;
  const warnOnce = (line: string) => {
    if (warned) return;
    warned = true;
    warn(line);
  };
  if (settings.protocolNote) warn(settings.protocolNote);
  const exporter = watchExports(
    new OTLPTraceExporter({
      ...(settings.url ? { url: settings.url } : {}),
      ...(settings.exportTimeoutMs ? { timeoutMillis: settings.exportTimeoutMs } : {}),
    }),
    (reason) => warnOnce(`traces not exported to ${settings.shownUrl}: ${reason}`),
  );
  const { detectResources, envDetector, resourceFromAttributes } = resources;
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
  return {
    shutdown: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(resolve, EXPORT_TIMEOUT_MS, "late");
        timer.unref();
      });
      const flushed = provider.shutdown().then(
        () => "flushed" as const,
        () => "flushed" as const,
      );
      const outcome = await Promise.race([flushed, late]);
      clearTimeout(timer);
      if (outcome === "late")
        warnOnce(
          `traces not exported to ${settings.shownUrl}: no answer within ${EXPORT_TIMEOUT_MS / 1000} s at exit`,
        );
    },
  };
}

/** `exporter`, telling `onFailure` why each export that did not succeed failed. */
function watchExports(exporter: SpanExporter, onFailure: (reason: string) => void): SpanExporter {
  return {
    export(spans: ReadableSpan[], done) {
      exporter.export(spans, (result) => {
        // ExportResultCode.SUCCESS is 0 (@opentelemetry/core, not a dependency of this package).
        if (result.code !== 0) onFailure(result.error?.message ?? "the export failed");
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    ...(exporter.forceFlush
      ? { forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve() }
      : {}),
  };
}
