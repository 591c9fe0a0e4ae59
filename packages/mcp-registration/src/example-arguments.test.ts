import { describe, expect, it } from "vitest";
import { exampleArguments } from "./example-arguments.js";

describe("exampleArguments", () => {
  it("fills each required property from its default, enum or type", () => {
    const args = exampleArguments(
      {
        type: "object",
        properties: {
          a: { type: "number" },
          mode: { type: "string", enum: ["fast", "slow"] },
          name: { type: "string", default: "x" },
          flag: { type: "boolean" },
          optional: { type: "string" },
        },
        required: ["a", "mode", "name", "flag"],
      },
      { number: 1, string: "test" },
    );
    expect(args).toEqual({ a: 1, mode: "fast", name: "x", flag: true });
  });

  it("gives an empty object for a schema without required properties", () => {
    expect(exampleArguments({ type: "object" })).toEqual({});
    expect(exampleArguments(undefined)).toEqual({});
  });

  it('fills plain values by default with 0 and "text", prefers a schema\'s examples, and fills nested objects', () => {
    const args = exampleArguments({
      type: "object",
      properties: {
        n: { type: "integer" },
        path: { type: "string" },
        unit: { type: "string", examples: ["cm"], enum: ["mm", "cm"] },
        tags: { type: "array" },
        opts: { type: "object", properties: { depth: { type: "number" } }, required: ["depth"] },
      },
      required: ["n", "path", "unit", "tags", "opts", "undeclared"],
    });
    expect(args).toEqual({
      n: 0,
      path: "text",
      unit: "cm",
      tags: [],
      opts: { depth: 0 },
      undeclared: "…",
    });
  });
});
