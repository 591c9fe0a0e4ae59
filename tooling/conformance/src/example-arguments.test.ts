import { describe, expect, it } from "vitest";
import { exampleArguments } from "./example-arguments.js";

describe("exampleArguments", () => {
  it("fills each required property from its default, enum or type", () => {
    const args = exampleArguments({
      type: "object",
      properties: {
        a: { type: "number" },
        mode: { type: "string", enum: ["fast", "slow"] },
        name: { type: "string", default: "x" },
        flag: { type: "boolean" },
        optional: { type: "string" },
      },
      required: ["a", "mode", "name", "flag"],
    });
    expect(args).toEqual({ a: 1, mode: "fast", name: "x", flag: true });
  });

  it("gives an empty object for a schema without required properties", () => {
    expect(exampleArguments({ type: "object" })).toEqual({});
    expect(exampleArguments(undefined)).toEqual({});
  });
});
