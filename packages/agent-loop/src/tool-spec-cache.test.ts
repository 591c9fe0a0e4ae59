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

describe("ToolSpecCache with tool search", () => {
  it("offers tool_search while tools wait, counts them by toolset, and offers what load() names", () => {
    const registry = new ToolRegistry();
    registry.register(tool("echo"), () => "");
    registry.register(tool("mcp_gh_list", "mcp-gh"), () => "");
    registry.register(tool("mcp_gh_open", "mcp-gh"), () => "");
    registry.deferToolset("mcp-gh", true);
    const cache = new ToolSpecCache(registry, undefined, false, {
      mode: "auto",
      budgetTokens: 8_000,
    });
    const first = cache.current();
    expect(first.specs.map((spec) => spec.name)).toEqual(["echo", "tool_search"]);
    expect(first.specs[1]?.description).toMatch(
      /^Find and load tools: 2 more waiting, from mcp-gh \(2\)\. Query: /,
    );
    expect([...first.byName.keys()]).toEqual(["echo", "mcp_gh_list", "mcp_gh_open", "tool_search"]);
    cache.load(["mcp_gh_open"]);
    const second = cache.current();
    expect(second).not.toBe(first);
    expect(second.specs.map((spec) => spec.name)).toEqual(["echo", "mcp_gh_open", "tool_search"]);
    expect(second.specs.at(-1)?.description).toMatch(/^Find and load tools: 1 more waiting,/);
    cache.unload();
    expect(cache.current().specs.map((spec) => spec.name)).toEqual(["echo", "tool_search"]);
  });
});
