import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { toolSearchNameTakenBy } from "./index.js";

const withOwnToolSearch = () => {
  const registry = new ToolRegistry();
  registry.register(
    { name: "tool_search", toolset: "mine", description: "", inputSchema: { type: "object" } },
    () => "",
  );
  return registry;
};

describe("toolSearchNameTakenBy", () => {
  it("names the registry's own tool_search for every mode that offers the agent's search (auto by default)", () => {
    const registry = withOwnToolSearch();
    expect(toolSearchNameTakenBy(registry)?.toolset).toBe("mine");
    expect(toolSearchNameTakenBy(registry, "auto")?.toolset).toBe("mine");
    expect(toolSearchNameTakenBy(registry, "always")?.toolset).toBe("mine");
  });

  it('leaves the name to the registry under "never", and finds nothing in a registry without it', () => {
    expect(toolSearchNameTakenBy(withOwnToolSearch(), "never")).toBeUndefined();
    const other = new ToolRegistry();
    other.register(
      { name: "tool_find", toolset: "mine", description: "", inputSchema: { type: "object" } },
      () => "",
    );
    expect(toolSearchNameTakenBy(other, "always")).toBeUndefined();
  });
});
