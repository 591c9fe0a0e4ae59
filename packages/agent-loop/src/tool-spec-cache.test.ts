import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { ensureExitTools } from "./exit-tools.js";
import { ToolSpecCache } from "./tool-spec-cache.js";

const tool = (name: string, toolset = "builtin") => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: "object" },
  toolset,
});

describe("ToolSpecCache", () => {
  it("converts once per registry version and sees changes at the next call", () => {
    const registry = new ToolRegistry();
    registry.register(tool("echo"), () => "");
    const cache = new ToolSpecCache(registry, undefined, false);
    const first = cache.current();
    expect(first.specs).toEqual([
      { name: "echo", description: "echo tool", inputSchema: { type: "object" } },
    ]);
    expect(cache.current()).toBe(first);
    registry.register(tool("other"), () => "");
    const second = cache.current();
    expect(second).not.toBe(first);
    expect(second.specs.map((spec) => spec.name)).toEqual(["echo", "other"]);
  });

  it("always offers the exit tools when enabled, and never when disabled", () => {
    const registry = new ToolRegistry();
    registry.register(tool("echo"), () => "");
    registry.register(tool("mcp_fs_read", "mcp-fs"), () => "");
    ensureExitTools(registry);
    const filtered = new ToolSpecCache(registry, { toolsets: ["mcp-fs"] }, true);
    expect(filtered.current().specs.map((spec) => spec.name)).toEqual([
      "mcp_fs_read",
      "task_complete",
      "ask_question",
    ]);
    const without = new ToolSpecCache(registry, undefined, false);
    expect(without.current().specs.map((spec) => spec.name)).toEqual(["echo", "mcp_fs_read"]);
  });
});
