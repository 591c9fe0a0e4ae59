import { describe, expect, it } from "vitest";
import { quoteCmdArgument, quoteCmdProgram } from "./cmd-exe-quoting.js";

describe("quoteCmdArgument", () => {
  it("wraps a plain argument in escaped quotes", () => {
    expect(quoteCmdArgument("-y", false)).toBe('^"-y^"');
  });

  it("caret-escapes every cmd metacharacter, so `&` cannot start a second command", () => {
    expect(quoteCmdArgument("a & del x", false)).toBe('^"a^ ^&^ del^ x^"');
    expect(quoteCmdArgument("%PATH%|more", false)).toBe('^"^%PATH^%^|more^"');
  });

  it("escapes quotes and doubles the backslashes before them and before the end", () => {
    expect(quoteCmdArgument('say "hi"', false)).toBe('^"say^ \\^"hi\\^"^"');
    expect(quoteCmdArgument("C:\\dir\\", false)).toBe('^"C:\\dir\\\\^"');
  });

  it("escapes twice for shims that hand their arguments to another cmd line", () => {
    expect(quoteCmdArgument("a&b", true)).toBe('^^^"a^^^&b^^^"');
  });
});

describe("quoteCmdProgram", () => {
  it("caret-escapes spaces and parentheses in a program path", () => {
    expect(quoteCmdProgram("C:\\Program Files (x86)\\nodejs\\npx.cmd")).toBe(
      "C:\\Program^ Files^ ^(x86^)\\nodejs\\npx.cmd",
    );
  });
});
