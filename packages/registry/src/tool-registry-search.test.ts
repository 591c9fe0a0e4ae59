import { describe, expect, it } from "vitest";
import { echo, tool } from "./__fixtures__/tools.js";
import { ToolRegistry } from "./tool-registry.js";

const names = (registry: ToolRegistry, query: string) =>
  registry.search(query).map((match) => match.definition.name);

describe("ToolRegistry.search", () => {
  it("answers nothing on an empty registry, then follows every register and unregister", () => {
    const registry = new ToolRegistry();
    expect(names(registry, "weather")).toEqual([]);
    registry.register(
      tool("forecast", "weather", { description: "Weather forecast for a city." }),
      echo,
    );
    registry.register(tool("read_file", "fs", { description: "Read a text file." }), echo);
    expect(names(registry, "weather")).toEqual(["forecast"]);
    expect(registry.unregister("forecast")).toBe(true);
    expect(names(registry, "weather")).toEqual([]);
    expect(names(registry, "read file")).toEqual(["read_file"]);
  });

  it("searches a replaced tool by its new text only", () => {
    const registry = new ToolRegistry();
    registry.register(tool("lookup", "net", { description: "Resolve a hostname with DNS." }), echo);
    expect(names(registry, "hostname")).toEqual(["lookup"]);
    registry.register(
      tool("lookup", "net", { description: "Find a word in the dictionary." }),
      echo,
      {
        replace: true,
      },
    );
    expect(names(registry, "hostname")).toEqual([]);
    expect(names(registry, "dictionary")).toEqual(["lookup"]);
    expect(names(registry, "lookup")).toEqual(["lookup"]);
  });

  it("forgets a whole toolset removed at once, and exact names of removed tools", () => {
    const registry = new ToolRegistry();
    const fromServer = (name: string) =>
      tool(`mcp_gh_${name}`, "mcp-gh", {
        description: `GitHub: ${name.replace("_", " ")}.`,
        source: { server: "gh", tool: name },
      });
    registry.register(fromServer("list_issues"), echo);
    registry.register(fromServer("create_issue"), echo);
    registry.register(tool("note", "builtin", { description: "Write a note about issues." }), echo);
    expect(registry.search("create_issue")[0]).toMatchObject({
      exact: true,
      definition: { name: "mcp_gh_create_issue" },
    });
    registry.unregisterToolset("mcp-gh");
    expect(names(registry, "create_issue")).toEqual(["note"]);
    expect(names(registry, "issues")).toEqual(["note"]);
    registry.register(fromServer("create_issue"), echo);
    expect(names(registry, "create_issue")[0]).toBe("mcp_gh_create_issue");
  });

  it("narrows the answer with among, the limit still counting only what is returned", () => {
    const registry = new ToolRegistry();
    for (const n of [1, 2, 3]) {
      registry.register(tool(`report_${n}`, "r", { description: "Sales report." }), echo);
    }
    const found = registry.search("sales report", {
      limit: 2,
      among: (name) => name !== "report_1",
    });
    expect(found.map((match) => match.definition.name)).toEqual(["report_2", "report_3"]);
  });
});
