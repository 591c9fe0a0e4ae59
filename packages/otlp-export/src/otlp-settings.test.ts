import { describe, expect, it } from "vitest";
import { OtlpExportError } from "./otlp-export-error.js";
import { otlpSettings } from "./otlp-settings.js";

describe("otlpSettings", () => {
  it("stays off without a request and without the OTLP endpoint variables", () => {
    expect(otlpSettings({}, { OTEL_SERVICE_NAME: "svc" })).toBeUndefined();
  });

  it("url: true leaves the endpoint to the exporter's variables; a URL gets /v1/traces added to a bare endpoint", () => {
    expect(otlpSettings({ url: true }, {})).toEqual({
      url: undefined,
      serviceName: "tinyloop",
      captureContent: false,
      protocol: "http/json",
      exportTimeoutMs: 1000,
      shownUrl: "http://localhost:4318/v1/traces",
    });
    expect(otlpSettings({ url: "http://127.0.0.1:4318" }, {})?.url).toBe(
      "http://127.0.0.1:4318/v1/traces",
    );
    expect(otlpSettings({ url: "https://collector.example/otlp/v1/traces" }, {})?.url).toBe(
      "https://collector.example/otlp/v1/traces",
    );
  });

  it("turns on with either standard endpoint variable, off again with OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none", () => {
    const env = {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces",
      OTEL_SERVICE_NAME: "bot",
    };
    expect(otlpSettings({}, env)).toEqual({
      url: undefined,
      serviceName: "bot",
      captureContent: false,
      protocol: "http/json",
      exportTimeoutMs: 1000,
      shownUrl: "http://c:4318/v1/traces",
    });
    expect(otlpSettings({}, { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" })).toBeDefined();
    expect(otlpSettings({}, { ...env, OTEL_SDK_DISABLED: "true" })).toBeUndefined();
    expect(otlpSettings({}, { ...env, OTEL_TRACES_EXPORTER: "none" })).toBeUndefined();
    // An explicit request wins over the switches.
    expect(otlpSettings({ url: true }, { OTEL_SDK_DISABLED: "true" })).toBeDefined();
  });

  it("captures content when asked or with the GenAI variable", () => {
    expect(otlpSettings({ url: true, captureContent: true }, {})?.captureContent).toBe(true);
    expect(
      otlpSettings({ url: true }, { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "TRUE" })
        ?.captureContent,
    ).toBe(true);
  });

  it("sends protobuf when the protocol variables say so (the traces one first), and says once what it cannot follow", () => {
    const on = { url: true };
    expect(otlpSettings(on, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" })?.protocol).toBe(
      "http/protobuf",
    );
    const both = {
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
    };
    expect(otlpSettings(on, both)?.protocol).toBe("http/json");
    const grpc = otlpSettings(on, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
    expect(grpc?.protocol).toBe("http/json");
    expect(grpc?.protocolNote).toBe(
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: traces are sent as http/json (http/protobuf is the other choice)",
    );
    expect(otlpSettings(on, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })?.protocolNote).toBe(
      undefined,
    );
  });

  it("bounds an export to 1 s unless a timeout variable sets it, and shows the URL without its secrets", () => {
    expect(
      otlpSettings({ url: true }, { OTEL_EXPORTER_OTLP_TIMEOUT: "5000" })?.exportTimeoutMs,
    ).toBe(undefined);
    expect(
      otlpSettings({ url: true }, { OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: "5000" })?.exportTimeoutMs,
    ).toBe(undefined);
    expect(otlpSettings({ url: "https://u:pw@c.example/v1/traces?key=abc" }, {})?.shownUrl).toBe(
      "https://***:***@c.example/v1/traces?key=***",
    );
    expect(otlpSettings({}, { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/" })?.shownUrl).toBe(
      "http://c:4318/v1/traces",
    );
  });

  it("refuses a value that is not an http(s) URL, naming it as the hint says and showing one that works", () => {
    expect(() => otlpSettings({ url: "grpc://c:4317" }, {}, { url: "--otlp" })).toThrow(
      '--otlp: expected the http(s) URL of an OTLP/HTTP receiver, got a string ("grpc://c:4317") (example: --otlp http://localhost:4318)',
    );
    let error: unknown;
    try {
      otlpSettings({ url: "localhost:4318" }, {});
    } catch (caught) {
      error = caught;
    }
    expect(OtlpExportError.isInstance(error) && error.code).toBe("URL_INVALID");
    expect((error as Error).message).toBe(
      'url: expected the http(s) URL of an OTLP/HTTP receiver, got a string ("localhost:4318") (example: http://localhost:4318)',
    );
  });
});
