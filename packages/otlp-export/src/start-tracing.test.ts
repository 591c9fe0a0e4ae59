import { trace } from "@opentelemetry/api";
import { type OtlpReceiver, startOtlpReceiver } from "@tinyloop/test-fixtures/otlp-receiver";
import { afterEach, describe, expect, it } from "vitest";
import { type OtlpSettings, otlpSettings } from "./otlp-settings.js";
import { startTracing } from "./start-tracing.js";

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  trace.disable();
  await receiver?.close();
  receiver = undefined;
});

/** Starts the SDK under `settings`, ends one span, and shuts down (flushing); the warnings. */
async function exportOneSpan(settings: OtlpSettings | undefined): Promise<string[]> {
  if (!settings) throw new Error("expected export to be on");
  const warnings: string[] = [];
  const tracing = await startTracing(settings, "9.9.9", (line) => warnings.push(line));
  trace.getTracer("test").startSpan("hello span").end();
  await tracing.shutdown();
  return warnings;
}

describe("startTracing", () => {
  it("registers the SDK so spans reach a real OTLP/HTTP receiver as JSON, with the service's name and version", async () => {
    receiver = await startOtlpReceiver();
    const warnings = await exportOneSpan(
      otlpSettings({ url: receiver.endpoint }, { OTEL_SERVICE_NAME: "svc-under-test" }),
    );
    expect(warnings).toEqual([]);
    const [span] = receiver.spans;
    expect(span?.name).toBe("hello span");
    expect(span?.resource["service.name"]).toBe("svc-under-test");
    expect(span?.resource["service.version"]).toBe("9.9.9");
  });

  it("sends protobuf when the protocol variable asks for it", async () => {
    receiver = await startOtlpReceiver();
    await exportOneSpan(
      otlpSettings({ url: receiver.endpoint }, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" }),
    );
    expect(receiver.headers[0]?.["content-type"]).toBe("application/x-protobuf");
    expect(receiver.bodies[0]).toContain("hello span");
  });

  it("says once, naming the receiver, that an export failed, and says a protocol it cannot follow", async () => {
    receiver = await startOtlpReceiver();
    // The receiver answers 404 anywhere but /v1/traces.
    const url = `${receiver.endpoint}/elsewhere`;
    const warnings = await exportOneSpan(
      otlpSettings({ url }, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }),
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: traces are sent as http/json (http/protobuf is the other choice)",
    );
    expect(warnings[1]).toMatch(new RegExp(`^traces not exported to ${url}: .+`));
  });
});
