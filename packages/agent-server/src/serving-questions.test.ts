import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { type AgentMcpServer, createAgentMcpServer } from "./agent-mcp-server.js";
import { callerServerEvents } from "./caller-log.js";
import { servingQuestions } from "./serving-questions.js";

const model = { provider: "test", modelId: "m", capabilities: {}, stream: () => ({}) } as never;
const sampling = {
  messages: [{ role: "user" as const, content: { type: "text" as const, text: "hi" } }],
  maxTokens: 10,
};
const form = { message: "Which?", requestedSchema: { type: "object" as const, properties: {} } };
const context = () => ({ server: "files", signal: new AbortController().signal });

describe("servingQuestions", () => {
  it("refuses sampling and declines forms while there is no server yet; offers no forms without `forms`", async () => {
    const questions = servingQuestions(() => undefined, { forms: true });
    expect(await questions.approveSampling(sampling, context())).toEqual({
      approved: false,
      reason: "the agent is not serving yet",
    });
    expect(await questions.onElicit?.(form, context())).toEqual({ action: "decline" });
    expect("onElicit" in servingQuestions(() => undefined, { forms: false })).toBe(false);
  });

  it("asks the server once it exists: approval mode never allows sampling; nobody to ask declines a form and refuses sampling with the hint", async () => {
    const registry = new ToolRegistry();
    let server: AgentMcpServer | undefined;
    const questions = servingQuestions(() => server, { forms: true });
    server = createAgentMcpServer({ model, registry, approval: { mode: "never" } });
    expect(await questions.approveSampling(sampling, context())).toBe(true);
    server = createAgentMcpServer({ model, registry, samplingHint: "restart with --yes" });
    const refused = await questions.approveSampling(sampling, context());
    expect(refused).toMatchObject({ approved: false });
    expect(refused !== true && refused.reason).toContain("restart with --yes");
    expect(await questions.onElicit?.(form, context())).toEqual({ action: "decline" });
  });
});

describe("callerServerEvents", () => {
  it("tells a connected MCP client that a server failed, dropped and came back, as log messages", async () => {
    const server = createAgentMcpServer({ model, registry: new ToolRegistry() });
    const client = new Client({ name: "caller", version: "1.0.0" });
    const got: Array<{ level: string; data: unknown }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      got.push({ level: params.level, data: params.data });
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const events = callerServerEvents(() => server);
    events.failed("files", "spawn ENOENT");
    events.dropped("web", "connection reset");
    events.back("web", 3);
    await expect.poll(() => got.length).toBe(3);
    expect(got).toEqual([
      { level: "error", data: "MCP server files failed: spawn ENOENT" },
      { level: "warning", data: "MCP server web dropped: connection reset; restarting it" },
      { level: "notice", data: "MCP server web is back with 3 tools" },
    ]);
    await client.close();
    await server.close();
  });
});
