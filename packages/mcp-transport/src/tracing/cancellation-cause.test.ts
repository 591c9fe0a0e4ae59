import type { Context } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureConnector } from "../__fixtures__/connect-fixture.js";
import { rejection } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";

// A real OpenTelemetry SDK (this test file's own process) records the MCP client spans.
const exporter = new InMemorySpanExporter();
const started: Array<(span: Span) => void> = [];
const onStart: SpanProcessor = {
  onStart: (span: Span, _parent: Context) => {
    for (const listener of started) listener(span);
  },
  onEnd: () => {},
  forceFlush: async () => {},
  shutdown: async () => {},
};
const provider = new NodeTracerProvider({
  spanProcessors: [onStart, new SimpleSpanProcessor(exporter)],
});
provider.register();
afterAll(() => provider.shutdown());

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const connectFixture = fixtureConnector(guard, { reconnect: { initialRetries: 0 } });

async function hangSpan(): Promise<ReadableSpan> {
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans().filter((span) => span.name === "tools/call hang");
  expect(spans).toHaveLength(1);
  return spans[0] as ReadableSpan;
}

// The kind of a cancelled call is what tinyloop did, never the wording of the cancel reason:
// each reason below says the opposite of what happened.
describe("a cancelled tools/call span says timeout or cancelled from what tinyloop did", () => {
  it("the caller's signal aborted: cancelled, though the reason speaks of a time-out", async () => {
    exporter.reset();
    const connection = await connectFixture();
    const caller = new AbortController();
    // Abort once the call's span has started and its request is on its way.
    started.push((span) => {
      if ((span as unknown as ReadableSpan).name === "tools/call hang") {
        setImmediate(() => caller.abort(new Error("the user timed out waiting")));
      }
    });
    const error = await rejection(connection.callTool("hang", {}, { signal: caller.signal }));
    started.length = 0;
    expect(error.code).toBe("ABORTED");
    expect((await hangSpan()).attributes["error.type"]).toBe("cancelled");
  });

  const timeouts = [
    {
      what: "tinyloop's timeout between answers fired: timeout",
      timeouts: { callMs: 300 },
      options: {},
    },
    {
      what: "tinyloop's total bound (maxTotalMs) fired: timeout, though the reason does not say so",
      timeouts: { callMs: 60_000, maxTotalMs: 300 },
      // maxTotalMs bounds a call whose caller listens for progress.
      options: { onProgress: () => {} },
    },
  ];
  for (const { what, timeouts: bounds, options } of timeouts) {
    it(what, async () => {
      exporter.reset();
      const connection = await connectFixture(
        {},
        { reconnect: { initialRetries: 0 }, timeouts: bounds },
      );
      const error = await rejection(connection.callTool("hang", {}, options));
      expect(error.code).toBe("CALL_TIMEOUT");
      expect((await hangSpan()).attributes["error.type"]).toBe("timeout");
    });
  }
});
