import { describe, expect, it } from "vitest";
import { didYouMean, keyWarnings } from "./key-warnings.js";

describe("keyWarnings", () => {
  const known = { command: null, args: null, dev: "VS Code's dev settings are ignored" };

  it("says why another client's key is ignored, and names unknown keys with a guess", () => {
    expect(
      keyWarnings({ command: "x", dev: {}, arg: [], colour: 1 }, known, ["servers", "a"]),
    ).toEqual([
      { path: ["servers", "a", "dev"], message: "VS Code's dev settings are ignored" },
      {
        path: ["servers", "a", "arg"],
        message: 'unknown key "arg" in servers.a, ignored; did you mean "args"?',
      },
      { path: ["servers", "a", "colour"], message: 'unknown key "colour" in servers.a, ignored' },
    ]);
  });

  it("with quietUnknown warns only about likely typos", () => {
    expect(
      keyWarnings({ globalShortcut: 1, comand: 1 }, known, [], { quietUnknown: true }),
    ).toEqual([
      {
        path: ["comand"],
        message: 'unknown key "comand" in (top level), ignored; did you mean "command"?',
      },
    ]);
  });
});

describe("didYouMean", () => {
  it("guesses close keys only", () => {
    expect(didYouMean("comand", ["command", "args"])).toBe("command");
    expect(didYouMean("Args", ["command", "args"])).toBe("args");
    expect(didYouMean("headerz", ["headers"])).toBe("headers");
    expect(didYouMean("colour", ["command", "args"])).toBeUndefined();
  });
});
