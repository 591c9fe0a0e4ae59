import { readFileSync } from "node:fs";
import { freePort } from "@tinyloop/test-fixtures";
import { type OtlpReceiver, startOtlpReceiver } from "@tinyloop/test-fixtures/otlp-receiver";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// What `--otlp` does when the receiver is down, hangs or wants another encoding: the built
// CLI with the real OpenTelemetry SDK and exporters, a real receiver (or none), the scripted model.

const s = useE2eSession();
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
) as { version: string };

async function receiver(options: { neverAnswer?: boolean } = {}): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver(options);
  closers.push(() => started.close());
  return started;
}

/** `run -p` of an agent with one fixture server, the model answering at once, exporting to `otlp`. */
async function runExporting(otlp: string, env: Record<string, string> = {}, timeout?: number) {
  s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
  await s.withModel([{ text: "The answer." }]);
  return runCli(["run", ".mcp.json", "-p", "hi", "--otlp", otlp, ...s.modelFlags()], {
    cwd: s.ws.dir,
    env,
    ...(timeout === undefined ? {} : { timeout }),
  });
}

const warnings = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("warning:"));

describe("OpenTelemetry export that fails", () => {
  it("a receiver that is down: the answer, exit 0 and one warning line saying where and why", async () => {
    const port = await freePort();
    const r = await runExporting(`http://127.0.0.1:${port}`);
    expect(r.stdout).toContain("The answer.");
    expect(r.exitCode).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning: traces not exported to http://127\\.0\\.0\\.1:${port}/v1/traces: .*ECONNREFUSED`,
        ),
      ),
    ]);
  });

  it("a receiver that never answers: the CLI still exits (the flush at exit is bounded) and warns once", async () => {
    const otlp = await receiver({ neverAnswer: true });
    // The exporter's own default would wait 10 s; anything under that proves the bound.
    const r = await runExporting(otlp.endpoint, {}, 9_000);
    expect(r.stdout).toContain("The answer.");
    expect(r.exitCode).toBe(0);
    expect(otlp.headers.length).toBeGreaterThan(0);
    expect(warnings(r.stderr)).toEqual([
      expect.stringMatching(
        /^warning: traces not exported to http:\/\/127\.0\.0\.1:\d+\/v1\/traces: /,
      ),
    ]);
  });
});

describe("OTLP protocol variables", () => {
  it("OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf sends protobuf, with the run's spans and the CLI's version", async () => {
    const otlp = await receiver();
    const r = await runExporting(otlp.endpoint, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" });
    expect(r.exitCode).toBe(0);
    expect(warnings(r.stderr)).toEqual([]);
    expect(otlp.headers.map((h) => h["content-type"])).toContain("application/x-protobuf");
    const body = otlp.bodies.join("");
    expect(body).toContain("invoke_agent mcp");
    expect(body).toContain("chat scripted");
    expect(body).toContain(version);
    expect(otlp.spans).toEqual([]); // nothing arrived as JSON
  });

  it("a protocol it cannot follow (grpc) is said once, and JSON is sent", async () => {
    const otlp = await receiver();
    const r = await runExporting(otlp.endpoint, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
    expect(r.exitCode).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      "warning: OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: traces are sent as http/json (http/protobuf is the other choice)",
    ]);
    expect(otlp.spans.map((span) => span.name)).toContain("invoke_agent mcp");
    expect(otlp.spans[0]?.resource["service.version"]).toBe(version);
  });
});
