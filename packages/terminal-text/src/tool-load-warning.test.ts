import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { MANY_TOOLS, toolLoadWarning } from "./tool-load-warning.js";

function registryWith(count: number, description = "d") {
  const registry = new ToolRegistry();
  for (let i = 0; i < count; i++) {
    registry.register(
      {
        name: `tool_${i}`,
        description,
        toolset: "t",
        inputSchema: { type: "object", properties: {} },
      },
      () => ({ content: [] }),
    );
  }
  return registry.list();
}

describe("toolLoadWarning", () => {
  it("is quiet up to the limits", () => {
    expect(toolLoadWarning(registryWith(MANY_TOOLS))).toBeUndefined();
  });

  it("warns past 500 tools, and past 1 MB of definitions, pointing at include/exclude", () => {
    expect(toolLoadWarning(registryWith(MANY_TOOLS + 1))).toMatch(
      /^warning: 501 tools \(0\.0 MB of definitions\) will be sent to the model with every request;.*"tools": \{ "include"/,
    );
    expect(toolLoadWarning(registryWith(20, "x".repeat(60_000)))).toMatch(
      /^warning: 20 tools \(1\.1 MB of definitions\)/,
    );
  });

  it("names no program's command, unless the caller gives the one that lists the tools", () => {
    expect(toolLoadWarning(registryWith(MANY_TOOLS + 1))).toMatch(/in the agent file\.$/);
    expect(
      toolLoadWarning(registryWith(MANY_TOOLS + 1), { listCommand: "tinyloop mcp tools" }),
    ).toMatch(/in the agent file \(see tinyloop mcp tools\)\.$/);
  });
});
