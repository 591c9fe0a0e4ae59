import { readFileSync } from "node:fs";
import { fixture } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
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

  it.each([
    "hermes-config.yaml",
    "hermes-minimal.yaml",
    "goose/config.yaml",
    "goose-extensions.yaml",
    "continue-project/.continue/config.yaml",
    "continue-project/.continue/mcpServers/playwright.yaml",
  ])("%s: the fast reading gives what the full parser gives", (name) => {
    const text = readFileSync(fixture(name), "utf8");
    expect(parseYamlText(name, text).value).toEqual(parse(text));
  });

  it("a plain file still locates keys (the full document is built on first use)", () => {
    const doc = parseYamlText("c.yaml", "extensions:\n  docs:\n    uri: 42\n");
    expect(doc.locate(["extensions", "docs", "uri"])).toEqual({ line: 3, column: 10 });
  });

  it("anchors, aliases and duplicate keys go the full way, with its limits and errors", () => {
    const anchored = parseYamlText("c.yaml", "base: &b { command: npx }\nmcp_servers: { a: *b }\n");
    expect(anchored.value).toEqual({
      base: { command: "npx" },
      mcp_servers: { a: { command: "npx" } },
    });
    expect(() => parseYamlText("c.yaml", "a: 1\na: 2\n")).toThrow(
      /^c\.yaml:2:1: is not valid YAML: Map keys must be unique/,
    );
    expect(parseYamlText("c.yaml", "on: yes\n").value).toEqual({ on: "yes" });
  });
});
