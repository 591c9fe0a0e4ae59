import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { createAgentMcpServer } from "./agent-mcp-server.js";
import { AgentServerError } from "./agent-server-error.js";

const model = { provider: "test", modelId: "m", capabilities: {}, stream: () => ({}) } as never;

describe("createAgentMcpServer", () => {
  it("names its one tool after the agent, or as told", () => {
    const registry = new ToolRegistry();
    expect(createAgentMcpServer({ model, registry, agentName: "Researcher" }).tool.name).toBe(
      "ask_researcher",
    );
    expect(createAgentMcpServer({ model, registry, toolName: "lookup" }).tool.name).toBe("lookup");
  });

  it("refuses bad options with OPTIONS_INVALID naming the option, what was found and an example", () => {
    const registry = new ToolRegistry();
    const refusal = (options: object) => {
      try {
        createAgentMcpServer({ model, registry, ...options } as never);
      } catch (error) {
        expect(AgentServerError.isInstance(error)).toBe(true);
        return (error as AgentServerError).message;
      }
      throw new Error("expected a refusal");
    };
    expect(refusal({ toolName: "ask researcher" })).toMatch(
      /^createAgentMcpServer\(…\): toolName: expected 1–64 letters, digits, _ or - \(the name MCP clients and models accept\), got .*example: toolName: "ask_researcher"/,
    );
    expect(refusal({ model: undefined })).toMatch(/model: expected a ChatModel/);
    expect(refusal({ registry: {} })).toMatch(/registry: expected a ToolRegistry/);
  });
});
