import { describe, expect, it } from "vitest";
import { formatKeyPath } from "./format-key-path.js";

describe("formatKeyPath", () => {
  it("joins plain keys with dots and indexes in brackets", () => {
    expect(formatKeyPath(["servers", 1, "command"])).toBe("servers[1].command");
    expect(formatKeyPath(["mcpServers", "my-server", "env", "TOKEN"])).toBe(
      "mcpServers.my-server.env.TOKEN",
    );
  });

  it("quotes keys that are not plain names", () => {
    expect(formatKeyPath(["headers", "x.y"])).toBe('headers["x.y"]');
    expect(formatKeyPath(["env", "A\0B"])).toBe('env["A\\u0000B"]');
    expect(formatKeyPath(["1st"])).toBe('["1st"]');
  });

  it("starts from a base, and names an empty path (top level)", () => {
    expect(formatKeyPath(["url"], "servers.github")).toBe("servers.github.url");
    expect(formatKeyPath([0], "args")).toBe("args[0]");
    expect(formatKeyPath([], "servers.github")).toBe("servers.github");
    expect(formatKeyPath([])).toBe("(top level)");
  });
});
