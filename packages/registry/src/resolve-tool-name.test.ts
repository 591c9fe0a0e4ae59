import { describe, expect, it } from "vitest";
import { RESOLVED_NAME_META, resolveToolName } from "./resolve-tool-name.js";
import { ToolRegistry } from "./tool-registry.js";
import type { ToolDefinition } from "./types.js";

const tool = (name: string, source?: { server: string; tool: string }): ToolDefinition => ({
  name,
  description: name,
  inputSchema: { type: "object" },
  toolset: source ? `mcp-${source.server}` : "builtin",
  ...(source ? { source } : {}),
});

describe("resolveToolName", () => {
  const fsList = tool("mcp_fs_list_directory", { server: "fs", tool: "list_directory" });
  const otherList = tool("mcp_other_list_directory", { server: "other", tool: "list_directory" });

  it("finds an exact name first, then the one MCP tool with that own name", () => {
    expect(resolveToolName("mcp_fs_list_directory", [fsList])).toEqual({
      kind: "found",
      definition: fsList,
    });
    expect(resolveToolName("list_directory", [fsList])).toEqual({
      kind: "found",
      definition: fsList,
      resolvedFrom: "list_directory",
    });
  });

  it("is ambiguous for several, unknown for none or a name a tool already has", () => {
    expect(resolveToolName("list_directory", [fsList, otherList])).toEqual({
      kind: "ambiguous",
      candidates: [fsList, otherList],
    });
    expect(resolveToolName("read", [fsList])).toEqual({ kind: "unknown" });
    expect(resolveToolName("list_directory", [fsList], (n) => n === "list_directory")).toEqual({
      kind: "unknown",
    });
  });
});

describe("ToolRegistry.dispatch with an unprefixed MCP tool name", () => {
  it("runs the one MCP tool of that own name and says so in _meta; a built-in keeps its name", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("mcp_fs_echo", { server: "fs", tool: "echo" }), () => ({
      content: [{ type: "text", text: "mcp echo" }],
    }));
    const result = await registry.dispatch("echo", {});
    expect(result.content).toEqual([{ type: "text", text: "mcp echo" }]);
    expect(result._meta?.[RESOLVED_NAME_META]).toEqual({ called: "echo", ran: "mcp_fs_echo" });

    registry.register(tool("echo"), () => ({ content: [{ type: "text", text: "built-in" }] }));
    const builtIn = await registry.dispatch("echo", {});
    expect(builtIn.content).toEqual([{ type: "text", text: "built-in" }]);
    expect(builtIn._meta).toBeUndefined();
  });

  it("refuses a name several MCP tools have, listing them", async () => {
    const registry = new ToolRegistry();
    for (const server of ["a", "b"])
      registry.register(tool(`mcp_${server}_echo`, { server, tool: "echo" }), () => ({
        content: [],
      }));
    const result = await registry.dispatch("echo", {});
    expect(result).toMatchObject({ isError: true, code: "UNKNOWN_TOOL" });
    expect(result.content[0]).toEqual({
      type: "text",
      text: 'Unknown tool "echo": several MCP servers have a tool of that name: mcp_a_echo (server a), mcp_b_echo (server b). Call one of them by its full name.',
    });
  });
});
