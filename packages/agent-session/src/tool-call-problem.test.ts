import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { toolCallProblem } from "./tool-call-problem.js";

const hints = { argsSetting: "--args", listTools: "the list command lists them" };

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  const ok = async () => ({ content: [{ type: "text" as const, text: "ok" }] });
  tools.register(
    {
      name: "mcp_fx_write",
      toolset: "fx",
      description: "Writes a file.",
      inputSchema: {
        type: "object",
        properties: {
          path: { type: "string" },
          size: { type: "number" },
          mode: { type: "string", enum: ["fast", "slow"] },
          tags: { type: "array" },
          note: { type: "string" },
        },
        required: ["path", "size", "mode", "tags"],
      },
    },
    ok,
  );
  tools.register(
    { name: "mcp_fx_wait", toolset: "fx", description: "Waits.", inputSchema: { type: "object" } },
    ok,
  );
  return tools;
}

describe("toolCallProblem", () => {
  it("is nothing for a known tool whose arguments fit", () => {
    const args = { path: "a", size: 1, mode: "slow", tags: [] };
    expect(toolCallProblem(registry(), "mcp_fx_write", args, hints)).toBeUndefined();
  });

  it("names close tools for an unknown name (its controls made visible), else where they are listed", () => {
    expect(toolCallProblem(registry(), "mcp_fx_wrte", {}, hints)).toBe(
      'no tool named "mcp_fx_wrte" among the agent\'s tools; did you mean "mcp_fx_write" or "mcp_fx_wait"? (the list command lists them)',
    );
    expect(toolCallProblem(registry(), "zz\u001b[2J", {}, hints)).toBe(
      'no tool named "zz\\x1b[2J" among the agent\'s tools (the list command lists them)',
    );
  });

  it("gives each schema problem and arguments that fit, in the caller's setting", () => {
    const problem = toolCallProblem(registry(), "mcp_fx_write", { size: "big" }, hints) ?? "";
    const lines = problem.split("\n");
    expect(lines[0]).toBe(
      `--args: expected arguments that fit mcp_fx_write's input schema, got {"size":"big"}:`,
    );
    expect(lines.slice(1, -1).every((line) => line.startsWith("  "))).toBe(true);
    expect(problem).toContain("path");
    expect(lines.at(-1)).toBe(
      `for example: --args '{"path": "text", "size": 0, "mode": "fast", "tags": []}'`,
    );
  });
});
