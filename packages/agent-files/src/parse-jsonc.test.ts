import { describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { parseJsonc } from "./parse-jsonc.js";

describe("parseJsonc", () => {
  it("reads comments, trailing commas and a byte order mark", () => {
    const doc = parseJsonc("f.json", '\uFEFF{\n  // c\n  "a": [1, 2,], /* b */\n}\n');
    expect(doc.value).toEqual({ a: [1, 2] });
    expect(doc.warnings).toEqual([]);
  });

  it("warns about duplicate keys at any depth and keeps the last", () => {
    const doc = parseJsonc("f.json", '{ "a": 1,\n  "s": { "x": 1, "x": 2 },\n  "a": 3 }');
    expect(doc.value).toEqual({ a: 3, s: { x: 2 } });
    expect(doc.warnings).toEqual([
      { message: 'duplicate key "x"; the last one is used', position: { line: 2, column: 18 } },
      { message: 'duplicate key "a"; the last one is used', position: { line: 3, column: 3 } },
    ]);
  });

  it("locates values and keys, or the nearest parent", () => {
    const doc = parseJsonc("f.json", '{\n  "m": {\n    "s": { "url": "x" }\n  }\n}');
    expect(doc.locate(["m", "s", "url"])).toEqual({ line: 3, column: 19 });
    expect(doc.locate(["m", "s", "url"], { key: true })).toEqual({ line: 3, column: 12 });
    expect(doc.locate(["m", "s", "missing"])).toEqual({ line: 3, column: 10 });
  });

  it("gives line:column, a caret, what was expected and found", () => {
    let error: unknown;
    try {
      parseJsonc("f.json", '{\n  "a": 1\n  "b": 2\n}');
    } catch (e) {
      error = e;
    }
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect((error as AgentFileError).message).toBe(
      [
        'f.json:3:3: is not valid JSON; expected a "," between entries, got "\\"b\\""',
        '  3 |   "b": 2',
        "    |   ^",
        '  example: { "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }',
      ].join("\n"),
    );
  });

  it("rejects an empty file", () => {
    expect(() => parseJsonc("f.json", "  \n")).toThrow(
      "f.json:2:1: is not valid JSON; expected a value, got the end of the file",
    );
  });
});
