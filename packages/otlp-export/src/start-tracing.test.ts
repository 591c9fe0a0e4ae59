import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { type OtlpSettings, otlpSettings } from "./otlp-settings.js";
import { startTracing } from "./start-tracing.js";

interface Received {
  path: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

/** A real OTLP/HTTP receiver on loopback answering every export with `status`. */
async function receiver(status: number): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    got.push({
      path: request.url,
      contentType: request.headers["content-type"],
      body: Buffer.concat(chunks),
    });
    response.writeHead(status, { "content-type": "application/json" }).end("{}");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, got, server };
}

let servers: Server[] = [];
afterEach(async () => {
  trace.disable();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  servers = [];
});

async function exportOneSpan(settings: OtlpSettings, warnings: string[]): Promise<void> {
  const tracing = await startTracing(settings, "9.9.9", (line) => warnings.push(line));
  trace.getTracer("test").startSpan("hello span").end();
  await tracing.shutdown();
}

describe("startTracing", () => {
  it("registers the SDK so spans reach the receiver as OTLP/JSON at /v1/traces, with the service's name and version", async () => {
    const { url, got, server } = await receiver(200);
    servers.push(server);
    const settings = otlpSettings({ url }, { OTEL_SERVICE_NAME: "svc-under-test" });
    const warnings: string[] = [];
    await exportOneSpan(settings as OtlpSettings, warnings);
    expect(warnings).toEqual([]);
    expect(got).toHaveLength(1);
    expect(got[0]?.path).toBe("/v1/traces");
    expect(got[0]?.contentType).toContain("application/json");
    const body = got[0]?.body.toString("utf8") ?? "";
    expect(body).toContain("hello span");
    expect(body).toContain("svc-under-test");
    expect(body).toContain("9.9.9");
  });

  it("sends protobuf when the protocol variable asks for it", async () => {
    const { url, got, server } = await receiver(200);
    servers.push(server);
    const settings = otlpSettings({ url }, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" });
    await exportOneSpan(settings as OtlpSettings, []);
    expect(got[0]?.contentType).toBe("application/x-protobuf");
    expect(got[0]?.body.includes(Buffer.from("hello span"))).toBe(true);
  });

  it("says once, naming the receiver, that an export failed, and says a protocol it cannot follow", async () => {
    const { url, server } = await receiver(400);
    servers.push(server);
    const settings = otlpSettings({ url }, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
    const warnings: string[] = [];
    await exportOneSpan(settings as OtlpSettings, warnings);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: traces are sent as http/json (http/protobuf is the other choice)",
    );
    expect(warnings[1]).toMatch(new RegExp(`^traces not exported to ${url}/v1/traces: .+`));
  });
});
