import { describe, expect, it } from "vitest";
import { tomlKeyOffsets } from "./toml-key-offsets.js";

const at = (text: string, path: Array<string | number>) =>
  tomlKeyOffsets(text).get(JSON.stringify(path));

describe("tomlKeyOffsets", () => {
  it("skips the lines of multi-line strings and arrays, which are no keys", () => {
    const text = [
      "[mcp_servers.a]",
      'description = """',
      "command = not a key",
      '"""',
      "args = [",
      '  "x = 1",',
      "]",
      'command = "node"',
    ].join("\n");
    const offsets = tomlKeyOffsets(text);
    expect([...offsets.keys()]).toEqual([
      '["mcp_servers","a"]',
      '["mcp_servers","a","description"]',
      '["mcp_servers","a","args"]',
      '["mcp_servers","a","command"]',
    ]);
    expect(at(text, ["mcp_servers", "a", "command"])?.key).toBe(text.indexOf('command = "node"'));
  });

  it("reads quoted and dotted keys, in headers and before =", () => {
    const text = `[mcp_servers."docs.v2"]\nhttp_headers."X-Key" = "v"\n`;
    expect(at(text, ["mcp_servers", "docs.v2"])).toEqual({ key: 1, value: 1 });
    expect(at(text, ["mcp_servers", "docs.v2", "http_headers", "X-Key"])).toEqual({
      key: text.indexOf("http_headers"),
      value: text.indexOf('"v"'),
    });
  });
});
