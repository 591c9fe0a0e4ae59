import { describe, expect, it } from "vitest";
import { parseToolArguments } from "./argument-parsing.js";

describe("parseToolArguments", () => {
  it("passes an object through as the same object", () => {
    const args = { path: "a.txt" };
    const parsed = parseToolArguments(args, "read_file");
    expect(parsed).toEqual({ ok: true, value: args });
    expect(parsed.ok && parsed.value).toBe(args);
  });

  it("parses raw JSON text", () => {
    expect(parseToolArguments('{"path": "a.txt", "n": [1, 2]}', "read_file")).toEqual({
      ok: true,
      value: { path: "a.txt", n: [1, 2] },
    });
  });

  it("decodes a double-encoded object once more", () => {
    expect(parseToolArguments(JSON.stringify('{"path": "a.txt"}'), "t")).toEqual({
      ok: true,
      value: { path: "a.txt" },
    });
  });

  it.each([undefined, null, "", "   \n"])("treats %j as no arguments", (args) => {
    expect(parseToolArguments(args, "t")).toEqual({ ok: true, value: {} });
  });

  it("quotes the parse error and where it happened", () => {
    const parsed = parseToolArguments('{"path": "a.txt",, "n": 1}', "read_file");
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? "" : parsed.message;
    expect(message).toContain('tool "read_file" are not valid JSON');
    expect(message).toMatch(/Expected double-quoted property name|Unexpected token/);
    expect(message).toContain("line 1, column 18 (offset 17)");
    expect(message).toContain('{"path": "a.txt",⟪here⟫, "n": 1}');
    expect(message).toContain('for example {"path": "README.md"}');
  });

  it("shows the position of an unterminated object", () => {
    const parsed = parseToolArguments('{"path": "a.txt"', "read_file");
    expect(parsed.ok ? "" : parsed.message).toContain("offset 16");
  });

  it("elides long text around the error", () => {
    const text = `{"text": "${"x".repeat(100)}" "more": 1}`;
    const parsed = parseToolArguments(text, "t");
    expect(parsed.ok ? "" : parsed.message).toMatch(/…x{28}" ⟪here⟫"more": 1}/);
  });

  it.each([
    ["[1, 2]", "a list"],
    ["42", "a number (42)"],
    ['"hello"', 'a string ("hello")'],
    ["true", "a boolean (true)"],
  ])("refuses JSON text %s that is not an object", (text, found) => {
    const parsed = parseToolArguments(text, "t");
    expect(parsed.ok ? "" : parsed.message).toContain(`must be a JSON object, got ${found}`);
  });

  it("refuses a non-object value given directly", () => {
    const parsed = parseToolArguments([1], "t");
    expect(parsed.ok ? "" : parsed.message).toContain("got a list");
  });
});
