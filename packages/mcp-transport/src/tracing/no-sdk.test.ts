import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { textOf } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

// No OpenTelemetry SDK is registered in this process: the traced transport must pass every
// message unchanged (the CLI's end-to-end tests cover it with the SDK registered).
describe("tracing with no SDK registered", () => {
  it("a tool call reaches an HTTP server with no traceparent header and no trace _meta", async () => {
    const server = await startFixtureHttpServer({ traceTools: true }, guard.env());
    guard.defer(() => server.close());
    const connection = guard.track(
      await connectServer(
        "web",
        { type: "http", url: server.url },
        {
          reconnect: { initialRetries: 0 },
        },
      ),
    );
    const seen = JSON.parse(textOf(await connection.callTool("trace_context", {}))) as {
      header?: string;
      meta?: Record<string, unknown>;
    };
    expect(seen.header).toBeUndefined();
    expect(seen.meta?.traceparent).toBeUndefined();
    expect(textOf(await connection.callTool("echo", { text: "unchanged" }))).toBe("unchanged");
  });
});
