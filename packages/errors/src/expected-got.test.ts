import { describe, expect, it } from "vitest";
import { expectedGot } from "./expected-got.js";

describe("expectedGot", () => {
  it("says where, what was expected, what was found and an example", () => {
    expect(
      expectedGot({
        path: "servers[1].command",
        expected: "a string",
        got: 3,
        example: 'command: "npx"',
      }),
    ).toBe('servers[1].command: expected a string, got a number (3) (example: command: "npx")');
  });

  it("leaves the example out when there is none, and takes a given description", () => {
    expect(expectedGot({ path: "args", expected: "a list", got: "x" })).toBe(
      'args: expected a list, got a string ("x")',
    );
    expect(
      expectedGot({ path: "env.TOKEN", expected: "a string", gotText: "a secret (not shown)" }),
    ).toBe("env.TOKEN: expected a string, got a secret (not shown)");
    expect(expectedGot({ path: "model", expected: "a string" })).toBe(
      "model: expected a string, got nothing",
    );
  });
});
