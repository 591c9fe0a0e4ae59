import { describe, expect, it } from "vitest";
import { echo, readFile, textOf, tool } from "./__fixtures__/tools.js";
import { RegistryError } from "./registry-error.js";
import { ToolRegistry } from "./tool-registry.js";
import type { RegistryChange, ToolDefinition } from "./types.js";

describe("ToolRegistry.register", () => {
  it("registers a tool that has(), get() and list() then show", () => {
    const registry = new ToolRegistry();
    registry.register(readFile, echo);
    expect(registry.has("read_file")).toBe(true);
    expect(registry.get("read_file")).toEqual(readFile);
    expect(registry.list().map((definition) => definition.name)).toEqual(["read_file"]);
    expect(registry.has("nope")).toBe(false);
    expect(registry.get("nope")).toBeUndefined();
  });

  it("stores a frozen copy, so later edits of the caller's object change nothing", () => {
    const registry = new ToolRegistry();
    const definition = tool("a");
    registry.register(definition, echo);
    definition.description = "changed";
    expect(registry.get("a")?.description).toBe("The a tool");
    expect(Object.isFrozen(registry.get("a"))).toBe(true);
  });

  it("refuses an invalid name with NAME_INVALID showing the name and the rule", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(tool("github.list issues"), echo)).toThrow(
      expect.objectContaining({
        code: "NAME_INVALID",
        message: expect.stringMatching(/"github\.list issues".*\^\[a-zA-Z0-9_-\]\{1,64\}\$/),
      }),
    );
    expect(registry.list()).toEqual([]);
    expect(registry.version).toBe(0);
  });

  it("refuses a taken name with NAME_TAKEN, and replaces it with { replace: true }", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("a"), () => "first");
    registry.register(tool("b"), () => "b");
    let error: unknown;
    try {
      registry.register(tool("a", "other"), () => "second");
    } catch (caught) {
      error = caught;
    }
    expect(RegistryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "NAME_TAKEN",
      message: expect.stringContaining('"a" is already registered (toolset "builtin")'),
    });
    expect(textOf(await registry.dispatch("a", {}))).toBe("first");

    registry.register(tool("a", "other"), () => "second", { replace: true });
    expect(textOf(await registry.dispatch("a", {}))).toBe("second");
    expect(registry.get("a")?.toolset).toBe("other");
    expect(registry.list().map((definition) => definition.name)).toEqual(["a", "b"]);
  });

  it("uses the replacement's schema, not the first one's cached validator", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("t", "x", { inputSchema: { type: "object", required: ["a"] } }), echo);
    expect((await registry.dispatch("t", { b: 1 })).isError).toBe(true);
    registry.register(tool("t", "x", { inputSchema: { type: "object", required: ["b"] } }), echo, {
      replace: true,
    });
    expect(await registry.dispatch("t", { b: 1 })).toEqual({
      content: [{ type: "text", text: '{"b":1}' }],
    });
  });

  it("refuses a malformed definition with DEFINITION_INVALID", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register({ ...tool("a"), inputSchema: "object" } as never, echo)).toThrow(
      expect.objectContaining({
        code: "DEFINITION_INVALID",
        message: expect.stringContaining("inputSchema"),
      }),
    );
  });
});

describe("ToolRegistry removal and toolsets", () => {
  it("unregisters one tool and reports whether it existed", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("a"), echo);
    expect(registry.unregister("a")).toBe(true);
    expect(registry.unregister("a")).toBe(false);
    expect(registry.has("a")).toBe(false);
    expect((await registry.dispatch("a", {})).isError).toBe(true);
  });

  it("lists toolsets in order of first registration and removes a whole toolset", () => {
    const registry = new ToolRegistry();
    registry.register(tool("mcp_github_list_issues", "mcp-github"), echo);
    registry.register(tool("read_file", "builtin"), echo);
    registry.register(tool("mcp_github_create_issue", "mcp-github"), echo);
    expect(registry.toolsets()).toEqual(["mcp-github", "builtin"]);

    expect(registry.unregisterToolset("mcp-github")).toEqual([
      "mcp_github_list_issues",
      "mcp_github_create_issue",
    ]);
    expect(registry.toolsets()).toEqual(["builtin"]);
    expect(registry.list().map((definition) => definition.name)).toEqual(["read_file"]);
    expect(registry.unregisterToolset("mcp-github")).toEqual([]);
  });
});

describe("ToolRegistry.list", () => {
  function populated(): ToolRegistry {
    const registry = new ToolRegistry();
    registry.register(tool("read_file", "builtin"), echo);
    registry.register(tool("mcp_fs_list", "mcp-fs"), echo);
    registry.register(tool("task_complete", "builtin"), echo);
    registry.register(tool("mcp_fs_write", "mcp-fs"), echo);
    registry.register(tool("mcp_gh_issues", "mcp-gh"), echo);
    return registry;
  }
  const names = (list: readonly ToolDefinition[]) => list.map((definition) => definition.name);

  it("keeps registration order", () => {
    expect(names(populated().list())).toEqual([
      "read_file",
      "mcp_fs_list",
      "task_complete",
      "mcp_fs_write",
      "mcp_gh_issues",
    ]);
  });

  it("filters by toolsets, exact include names and exclude names (exclude wins)", () => {
    const registry = populated();
    expect(names(registry.list({ toolsets: ["mcp-fs", "mcp-gh"] }))).toEqual([
      "mcp_fs_list",
      "mcp_fs_write",
      "mcp_gh_issues",
    ]);
    expect(names(registry.list({ include: ["mcp_gh_issues", "read_file"] }))).toEqual([
      "read_file",
      "mcp_gh_issues",
    ]);
    expect(names(registry.list({ exclude: ["read_file", "mcp_fs_write"] }))).toEqual([
      "mcp_fs_list",
      "task_complete",
      "mcp_gh_issues",
    ]);
    expect(
      names(
        registry.list({
          toolsets: ["mcp-fs", "builtin"],
          include: ["mcp_fs_list", "read_file"],
          exclude: ["read_file"],
        }),
      ),
    ).toEqual(["mcp_fs_list"]);
  });

  it("treats include/exclude as exact names, not globs", () => {
    const registry = populated();
    expect(names(registry.list({ include: ["mcp_fs_*"] }))).toEqual([]);
    expect(names(registry.list({ exclude: ["mcp_*"] }))).toHaveLength(5);
  });

  it("treats empty toolsets/include lists as no restriction", () => {
    const registry = populated();
    expect(registry.list({ toolsets: [], include: [], exclude: [] })).toBe(registry.list());
  });

  it("returns the same frozen array until something changes, then a fresh one", () => {
    const registry = populated();
    const first = registry.list();
    expect(Object.isFrozen(first)).toBe(true);
    expect(registry.list()).toBe(first);
    const filtered = registry.list({ toolsets: ["mcp-fs"] });
    expect(registry.list({ toolsets: ["mcp-fs"] })).toBe(filtered);

    registry.register(tool("mcp_fs_delete", "mcp-fs"), echo);
    expect(registry.list()).not.toBe(first);
    expect(names(registry.list())).toHaveLength(6);
    expect(names(registry.list({ toolsets: ["mcp-fs"] }))).toEqual([
      "mcp_fs_list",
      "mcp_fs_write",
      "mcp_fs_delete",
    ]);
    expect(names(first)).toHaveLength(5);
  });
});

describe("ToolRegistry change events and version", () => {
  it("grows version on every change and tells listeners what changed", () => {
    const registry = new ToolRegistry();
    const changes: RegistryChange[] = [];
    const unsubscribe = registry.onChange((change) => changes.push(change));
    expect(registry.version).toBe(0);

    registry.register(tool("a", "s"), echo);
    registry.register(tool("b", "s"), echo);
    registry.register(tool("a", "s"), echo, { replace: true });
    registry.unregister("a");
    registry.unregister("a"); // nothing removed: no change
    registry.register(tool("c", "s"), echo);
    registry.unregisterToolset("s");
    registry.unregisterToolset("s"); // empty: no change
    expect(() => registry.register(tool("bad name"), echo)).toThrow(); // refused: no change

    expect(changes).toEqual([
      { type: "registered", names: ["a"], version: 1 },
      { type: "registered", names: ["b"], version: 2 },
      { type: "replaced", names: ["a"], version: 3 },
      { type: "unregistered", names: ["a"], version: 4 },
      { type: "registered", names: ["c"], version: 5 },
      { type: "unregistered", names: ["b", "c"], version: 6 },
    ]);
    expect(registry.version).toBe(6);

    unsubscribe();
    registry.register(tool("d"), echo);
    expect(changes).toHaveLength(6);
    expect(registry.version).toBe(7);
  });

  it("lets a listener see the registry already updated", () => {
    const registry = new ToolRegistry();
    const seen: string[][] = [];
    registry.onChange(() => seen.push(registry.list().map((definition) => definition.name)));
    registry.register(tool("a"), echo);
    registry.unregister("a");
    expect(seen).toEqual([["a"], []]);
  });

  it("still notifies every listener when one throws, then rethrows that error", () => {
    const registry = new ToolRegistry();
    const calls: string[] = [];
    registry.onChange(() => {
      calls.push("first");
      throw new Error("listener bug");
    });
    registry.onChange(() => calls.push("second"));
    expect(() => registry.register(tool("a"), echo)).toThrow("listener bug");
    expect(calls).toEqual(["first", "second"]);
    expect(registry.has("a")).toBe(true);
  });

  it("rethrows every listener's error as an AggregateError when several throw", () => {
    const registry = new ToolRegistry();
    registry.onChange(() => {
      throw new Error("one");
    });
    registry.onChange(() => {
      throw new Error("two");
    });
    expect(() => registry.unregisterToolset("nothing")).not.toThrow(); // no change, no call
    expect(() => registry.register(tool("a"), echo)).toThrow(AggregateError);
    expect(registry.has("a")).toBe(true);
  });

  it("hands listener errors to onListenerError instead, so every method returns normally", () => {
    const failures: unknown[] = [];
    const registry = new ToolRegistry({
      onListenerError: ({ error, change }) =>
        failures.push([(error as Error).message, change.type, [...change.names]]),
    });
    const heard: number[] = [];
    registry.onChange(() => {
      throw new Error("listener bug");
    });
    registry.onChange((change) => heard.push(change.version));
    registry.register(tool("a", "s"), echo);
    registry.register(tool("b", "s"), echo);
    expect(registry.unregister("a")).toBe(true);
    expect(registry.unregisterToolset("s")).toEqual(["b"]);
    expect(failures).toEqual([
      ["listener bug", "registered", ["a"]],
      ["listener bug", "registered", ["b"]],
      ["listener bug", "unregistered", ["a"]],
      ["listener bug", "unregistered", ["b"]],
    ]);
    expect(heard).toEqual([1, 2, 3, 4]);
    expect(registry.list()).toEqual([]);
  });

  it("subscribing the same function twice gives two independent subscriptions", () => {
    const registry = new ToolRegistry();
    let count = 0;
    const listener = () => {
      count++;
    };
    const off = registry.onChange(listener);
    registry.onChange(listener);
    registry.register(tool("a"), echo);
    off();
    registry.register(tool("b"), echo);
    expect(count).toBe(3);
  });
});

describe("ToolRegistry deferral", () => {
  it("a tool's own deferred wins over its toolset's; deferToolset covers tools registered later", () => {
    const registry = new ToolRegistry();
    const changes: RegistryChange[] = [];
    registry.register(tool("a", "mcp-x"), echo);
    registry.register(tool("b", "mcp-x", { deferred: false }), echo);
    registry.onChange((change) => changes.push(change));
    expect(registry.deferral("a")).toBeUndefined();
    registry.deferToolset("mcp-x", true);
    registry.register(tool("c", "mcp-x"), echo);
    expect([registry.deferral("a"), registry.deferral("b"), registry.deferral("c")]).toEqual([
      true,
      false,
      true,
    ]);
    expect(changes[0]).toMatchObject({ type: "deferral", names: ["a", "b"] });
    registry.deferToolset("mcp-x", true); // no change: no event
    registry.deferToolset("mcp-x", undefined);
    expect(registry.deferral("c")).toBeUndefined();
    expect(changes.map((change) => change.type)).toEqual(["deferral", "registered", "deferral"]);
    expect(registry.deferral("missing")).toBeUndefined();
  });

  it("refuses a non-boolean deferred and a bad toolset with messages naming the problem", () => {
    const registry = new ToolRegistry();
    expect(() =>
      registry.register(tool("a", "x", { deferred: "yes" as unknown as boolean }), echo),
    ).toThrow(/deferred: expected true or false, got a string/);
    expect(() => registry.deferToolset("", true)).toThrow(/non-empty toolset name/);
  });
});
