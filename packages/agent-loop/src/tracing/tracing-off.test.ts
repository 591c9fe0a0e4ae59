import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { collect, doneOf } from "../__fixtures__/collect.js";
import { openAIRig } from "../__fixtures__/openai-rig.js";
import { Agent } from "../agent.js";
import { contentRecorder } from "./trace-content.js";

// With no OpenTelemetry SDK registered (nothing in this test process registers one) the
// spans are the API's no-ops: events carry no ids and requests no trace context.
describe("tracing with no SDK registered", () => {
  it("events carry no traceId / spanId and the model request no traceparent", async () => {
    const { server, model } = await openAIRig([
      { toolCalls: [{ id: "call_1", name: "shout", arguments: { text: "hi" } }] },
      { text: "done" },
    ]);
    try {
      const registry = new ToolRegistry();
      registry.register(
        {
          name: "shout",
          toolset: "builtin",
          description: "Shouts.",
          inputSchema: { type: "object", properties: { text: { type: "string" } } },
        },
        async (args) => String(args.text).toUpperCase(),
      );
      const agent = new Agent({ model, registry, tracing: { captureContent: true } });
      const events = await collect(agent.run("go"));
      expect(doneOf(events).reason).toBe("completed");
      expect(events.map((event) => event.type)).toContain("tool-result");
      expect(events.filter((event) => "traceId" in event || "spanId" in event)).toEqual([]);
      expect(server.requests.map((request) => request.headers.traceparent)).toEqual([
        undefined,
        undefined,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("contentRecorder", () => {
  it("records nothing unless captureContent is true, and redacts what it records", () => {
    expect(contentRecorder(undefined)).toBeUndefined();
    expect(contentRecorder({ redact: (text) => text })).toBeUndefined();
    const record = contentRecorder({
      captureContent: true,
      redact: (text) => text.replaceAll("hunter2", "***"),
    });
    expect(record?.('{"password":"hunter2"}')).toBe('{"password":"***"}');
    expect(contentRecorder({ captureContent: true })?.("as is")).toBe("as is");
  });
});
