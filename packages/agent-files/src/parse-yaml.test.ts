import { afterEach, describe, expect, it } from "vitest";
import { parseYamlText } from "./parse-yaml.js";

const seen: string[] = [];
const listener = (warning: Error) => seen.push(warning.message);
afterEach(() => {
  process.off("warning", listener);
  seen.length = 0;
});

describe("parseYamlText", () => {
  it("returns the parser's warnings instead of printing them as (node:PID) lines", async () => {
    process.on("warning", listener);
    const doc = parseYamlText("c.yaml", "%FOO bar\n---\nmcp_servers: {}\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(doc.value).toEqual({ mcp_servers: {} });
    expect(doc.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("Unknown directive %FOO"),
    ]);
    expect(seen).toEqual([]);
  });

  it("locates keys and values", () => {
    const doc = parseYamlText("c.yaml", "mcp_servers:\n  files:\n    command: npx\n");
    expect(doc.locate(["mcp_servers", "files", "command"])).toEqual({ line: 3, column: 14 });
    expect(doc.locate(["mcp_servers", "files", "command"], { key: true })).toEqual({
      line: 3,
      column: 5,
    });
  });

  it("gives line:column and a caret for a syntax error", () => {
    expect(() => parseYamlText("c.yaml", "a: [1\nb: 2\n")).toThrow(
      /^c\.yaml:\d+:\d+: is not valid YAML/,
    );
  });
});
