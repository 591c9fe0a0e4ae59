import type { ChatMessage } from "@tinyloop/inference-adapters";
import { ToolRegistry, type ToolResult } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { namesLoadedBy, runToolSearch, TOOL_SEARCH } from "./tool-search.js";
import { toolsLoadedBySearch } from "./tools-loaded-by-search.js";

/** A registry of `count` deferred tools named `tool_<n>`, each about a fruit. */
function registryOf(count: number): ToolRegistry {
  const registry = new ToolRegistry();
  for (let n = 0; n < count; n++) {
    registry.register(
      {
        name: `tool_${n}`,
        toolset: "fruit",
        description: `Peels fruit number ${n}.`,
        inputSchema: { type: "object", properties: { how: { type: "string" } }, required: ["how"] },
        deferred: true,
      },
      () => ({ content: [{ type: "text", text: "peeled" }] }),
    );
  }
  return registry;
}

/** One search turn as history keeps it: the assistant's call, then the tool message. */
function searchTurn(id: string, result: ToolResult, name = TOOL_SEARCH): ChatMessage[] {
  return [
    { role: "assistant", content: "", toolCalls: [{ id, name, arguments: "{}" }] },
    {
      role: "tool",
      toolCallId: id,
      toolName: name,
      content: result.content.map((block) => ({
        type: "text" as const,
        text: block.type === "text" ? block.text : "",
      })),
      ...(result.isError ? { isError: true } : {}),
    },
  ];
}

describe("toolsLoadedBySearch (the tools a history's tool_search answers loaded)", () => {
  const registry = registryOf(30);
  const deferred = registry.list();
  const search = (query: string, limit?: number) =>
    runToolSearch(
      JSON.stringify({ query, ...(limit ? { limit } : {}) }),
      registry,
      deferred,
      new Set(),
    );

  it("reads back exactly the names each real answer loaded, in order, each once", () => {
    const loaded = new Set<string>();
    const first = runToolSearch('{"query": "tool_3, tool_7"}', registry, deferred, loaded);
    const second = runToolSearch('{"query": "tool_7, tool_12"}', registry, deferred, loaded);
    const history: ChatMessage[] = [
      { role: "user", content: "peel" },
      ...searchTurn("s1", first),
      ...searchTurn("s2", second),
      { role: "assistant", content: "done" },
    ];
    const names = toolsLoadedBySearch(history);
    expect(new Set(names)).toEqual(loaded);
    expect(names.slice(0, 2).sort()).toEqual(["tool_3", "tool_7"]);
    expect(names.length).toBe(new Set(names).size);
  });

  it("loads nothing from answers that loaded nothing: no match, bad arguments, an error result", () => {
    const none = search("kubernetes pods");
    expect(none.structuredContent).toEqual({ tools: [] });
    const bad = runToolSearch('{"query": ""}', registry, deferred, new Set());
    expect(bad.isError).toBe(true);
    const failed: ToolResult = { ...search("tool_1"), isError: true };
    const history = [...searchTurn("a", none), ...searchTurn("b", bad), ...searchTurn("c", failed)];
    expect(toolsLoadedBySearch(history)).toEqual([]);
  });

  it("ignores the same text answering another tool, and tool messages no search asked for", () => {
    const found = search("tool_5");
    expect(toolsLoadedBySearch(searchTurn("x", found, "mcp_fx_echo"))).toEqual([]);
    const [, answer] = searchTurn("y", found);
    expect(toolsLoadedBySearch([answer as ChatMessage])).toEqual([]);
    expect(toolsLoadedBySearch(searchTurn("y", found))).toContain("tool_5");
  });

  it("reads no more names from one answer than one search may load (20), nor more than it says", () => {
    const twenty = search("peels fruit", 20);
    expect(namesLoadedBy(textOf(twenty))).toHaveLength(20);
    const forged = [
      "Loaded 25 tools; call them from your next step on (required parameters in parentheses):",
      ...Array.from({ length: 25 }, (_, n) => `- tool_${n}(how): Peels fruit number ${n}.`),
    ].join("\n");
    expect(namesLoadedBy(forged)).toHaveLength(20);
    const understated = forged.replace("Loaded 25 tools", "Loaded 2 tools");
    expect(namesLoadedBy(understated)).toEqual(["tool_0", "tool_1"]);
    expect(namesLoadedBy("- tool_1(how): no header")).toEqual([]);
  });

  it("skips a line cut off before the name was whole (a shortened result)", () => {
    const text =
      "Loaded 2 tools; call them from your next step on:\n- tool_1(how): Peels.\n- tool_2";
    expect(namesLoadedBy(text)).toEqual(["tool_1"]);
  });
});

function textOf(result: ToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}
