import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { everythingPath } from "./__fixtures__/real-servers.js";
import type { McpElicitRequest, McpSamplingRequest, McpServerLog } from "./client-features.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions, McpCallResult } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

async function everything(options: ConnectOptions) {
  return guard.track(
    await connectServer(
      "everything",
      { command: process.execPath, args: [everythingPath, "stdio"], env: guard.env() },
      { reconnect: { initialRetries: 0 }, ...options },
    ),
  );
}

/** Waits until `condition` holds (the test's own timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const allText = (result: McpCallResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");

describe("client features against server-everything", () => {
  it("answers elicitation through onElicit, filling left-out fields with their defaults", async () => {
    const asked: McpElicitRequest[] = [];
    const connection = await everything({
      onElicit: async (request, context) => {
        asked.push(request);
        expect(context.server).toBe("everything");
        return { action: "accept", content: { name: "Ada", integer: 7 } };
      },
    });
    const result = await connection.callTool("trigger-elicitation-request", {});
    expect(asked[0]?.requestedSchema.properties.firstLine).toMatchObject({
      default: "It was a dark and stormy night.",
    });
    const text = allText(result);
    expect(text).toContain('"name": "Ada"');
    expect(text).toContain('"integer": 7');
    expect(text).toContain('"firstLine": "It was a dark and stormy night."');
  });

  it("passes a decline back to the server", async () => {
    const connection = await everything({ onElicit: async () => ({ action: "decline" }) });
    const result = await connection.callTool("trigger-elicitation-request", {});
    expect(allText(result)).toMatch(/declined/i);
  });

  it("answers sampling/createMessage through onSample", async () => {
    const requests: McpSamplingRequest[] = [];
    const connection = await everything({
      onSample: async (request) => {
        requests.push(request);
        return {
          role: "assistant",
          content: { type: "text", text: "a haiku" },
          model: "scripted",
        };
      },
    });
    const result = await connection.callTool("trigger-sampling-request", {
      prompt: "write",
      maxTokens: 42,
    });
    expect(requests[0]).toMatchObject({ maxTokens: 42, systemPrompt: expect.any(String) });
    expect(requests[0]?.messages[0]?.content).toMatchObject({ type: "text" });
    expect(allText(result)).toContain("a haiku");
  });

  it("offers roots, and tells the server when they change", async () => {
    const logs: McpServerLog[] = [];
    const connection = await everything({
      roots: [{ uri: "file:///work/a", name: "a" }],
      onServerLog: (log) => logs.push(log),
    });
    expect(allText(await connection.callTool("get-roots-list", {}))).toContain("file:///work/a");
    // The server logs each roots list it fetched through notifications/message.
    const updates = () => logs.filter((log) => /Roots updated/.test(String(log.data))).length;
    await until(() => updates() === 1);
    await connection.setRoots([{ uri: "file:///work/b", name: "b" }]);
    await until(() => updates() === 2); // it fetched roots/list again after list_changed
    expect(allText(await connection.callTool("get-roots-list", {}))).toContain("file:///work/b");
    expect(logs[0]).toMatchObject({ server: "everything", level: expect.any(String) });
  });

  it("declares no feature whose hook is missing, and setRoots says how to turn roots on", async () => {
    const connection = await everything({});
    const names = (await connection.listTools()).map((tool) => tool.name);
    expect(names).not.toContain("trigger-elicitation-request");
    expect(names).not.toContain("trigger-sampling-request");
    const error = await rejection(connection.setRoots([]));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toMatch(/pass `roots`/);
  });
});
