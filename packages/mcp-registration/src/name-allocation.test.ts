import { describe, expect, it } from "vitest";
import { allocateToolName, type NameHolder } from "./name-allocation.js";

const identity = { prefix: "mcp", server: "b", tool: "x" };

function holders(map: Record<string, NameHolder>) {
  return (name: string): NameHolder => map[name] ?? { kind: "free" };
}

describe("allocateToolName", () => {
  it("uses the base name when it is free", () => {
    expect(allocateToolName("mcp_b_x", identity, holders({}))).toEqual({
      kind: "name",
      name: "mcp_b_x",
    });
  });

  it("keeps the base name when the tool already holds it", () => {
    const taken = holders({ mcp_b_x: { kind: "mcp", server: "b", tool: "x" } });
    expect(allocateToolName("mcp_b_x", identity, taken)).toEqual({ kind: "name", name: "mcp_b_x" });
  });

  it("reports a built-in holding the name, so the MCP tool is skipped", () => {
    expect(
      allocateToolName("mcp_b_x", identity, holders({ mcp_b_x: { kind: "builtin" } })),
    ).toEqual({
      kind: "builtin",
    });
  });

  it("picks a distinct name when another MCP tool holds the base name", () => {
    const taken = holders({ mcp_b_x: { kind: "mcp", server: "b", tool: "x?" } });
    const result = allocateToolName("mcp_b_x", identity, taken);
    expect(result).toMatchObject({ kind: "name", collidedWith: { server: "b", tool: "x?" } });
    expect(result.kind === "name" && result.name).toMatch(/^mcp_b_x_[0-9a-f]{8}$/);
  });

  it("moves on to the next attempt when the first alternative is taken too", () => {
    const first = allocateToolName(
      "mcp_b_x",
      identity,
      holders({ mcp_b_x: { kind: "mcp", server: "a", tool: "x" } }),
    );
    if (first.kind !== "name") throw new Error("expected a name");
    const second = allocateToolName(
      "mcp_b_x",
      identity,
      holders({
        mcp_b_x: { kind: "mcp", server: "a", tool: "x" },
        [first.name]: { kind: "builtin" },
      }),
    );
    expect(second.kind === "name" && second.name).not.toBe(first.name);
    expect(second.kind === "name" && second.name).toMatch(/^mcp_b_x_[0-9a-f]{8}$/);
  });
});
