import { describe, expect, it } from "vitest";
import { McpRegistrationError } from "./mcp-registration-error.js";
import { parseServerEntry, sameFilter } from "./server-entry.js";

describe("parseServerEntry", () => {
  it("splits an entry into the transport config, the tool filter and enabled", () => {
    const parsed = parseServerEntry("fs", {
      command: "node",
      args: ["server.js"],
      tools: { include: ["read_*"], exclude: ["write_file"] },
    });
    expect(parsed.config).toEqual({ command: "node", args: ["server.js"] });
    expect(parsed.filter).toEqual({ include: ["read_*"], exclude: ["write_file"] });
    expect(parsed.enabled).toBe(true);
    expect(parseServerEntry("fs", { command: "node", enabled: false }).enabled).toBe(false);
  });

  it("gives equal keys to configs that differ only in key order, empty lists, type: stdio or enabled", () => {
    const a = parseServerEntry("s", { command: "node", args: ["x"], env: {} });
    const b = parseServerEntry("s", {
      type: "stdio",
      args: ["x"],
      command: "node",
      tools: { include: ["a"] },
    });
    expect(a.connectionKey).toBe(b.connectionKey);
    expect(parseServerEntry("s", { command: "node", args: ["y"] }).connectionKey).not.toBe(
      a.connectionKey,
    );
    expect(parseServerEntry("s", { url: "http://127.0.0.1:1/mcp" }).connectionKey).not.toBe(
      a.connectionKey,
    );
  });

  it("names the path of a bad tools filter, with an example", () => {
    const attempt = () => parseServerEntry("gh", { command: "x", tools: { include: "read_*" } });
    expect(attempt).toThrow(McpRegistrationError);
    expect(attempt).toThrow(
      'servers.gh.tools.include: expected a list of tool names or globs (e.g. ["read_*", "list_directory"]), got a string ("read_*")',
    );
    expect(() => parseServerEntry("gh", { command: "x", tools: { allow: [] } })).toThrow(
      'servers.gh.tools.allow: unknown key; expected "include" and/or "exclude"',
    );
    try {
      parseServerEntry("gh", { command: "x", tools: [] });
    } catch (error) {
      expect(McpRegistrationError.isInstance(error) && error.code).toBe("CONFIG_INVALID");
    }
  });

  it("leaves the rest of the config to the transport, which checks it once when connecting", () => {
    expect(parseServerEntry("gh", { command: 3 }).config).toEqual({ command: 3 });
    expect(() => parseServerEntry("gh", "npx server")).toThrow(
      "servers.gh: expected a server config object",
    );
  });
});

describe("sameFilter", () => {
  it("ignores order and treats missing and empty lists alike", () => {
    expect(sameFilter({ include: ["a", "b"] }, { include: ["b", "a"], exclude: [] })).toBe(true);
    expect(sameFilter({ include: ["a"] }, { exclude: ["a"] })).toBe(false);
  });
});
