import { describe, expect, it } from "vitest";
import { agentModelName } from "./serve.js";

describe("agentModelName", () => {
  it("names the model after the agent's folder or file, or --name", () => {
    expect(agentModelName("/home/me/agents/research/agent.json", undefined)).toBe("research");
    expect(agentModelName("/home/me/.mcp.json", undefined)).toBe("mcp");
    expect(agentModelName("/x/My Agent (v2).yaml", undefined)).toBe("My-Agent-v2");
    expect(agentModelName(undefined, undefined)).toBe("tinyloop-agent");
    expect(agentModelName("/x/agent.json", "custom")).toBe("custom");
  });
});
