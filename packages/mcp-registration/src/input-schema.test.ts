import { describe, expect, it } from "vitest";
import { normalizeInputSchema } from "./input-schema.js";

describe("normalizeInputSchema", () => {
  it("leaves a proper object schema as it is", () => {
    const input = { type: "object", properties: { a: { type: "number" } }, required: ["a"] };
    expect(normalizeInputSchema(input)).toEqual({ schema: input, changes: [] });
  });

  it("adds properties to an object schema without them", () => {
    expect(normalizeInputSchema({ type: "object" }).schema).toEqual({
      type: "object",
      properties: {},
    });
  });

  it("turns a missing schema or a non-object type into an empty object schema", () => {
    for (const input of [undefined, null, "x", { type: "string" }, { type: ["object", "null"] }]) {
      const { schema, changes } = normalizeInputSchema(input);
      expect(schema).toEqual({ type: "object", properties: {} });
      expect(changes).toHaveLength(1);
    }
  });

  it("says what a schema that is no object was: null and a list are not called objects", () => {
    expect(normalizeInputSchema(null).changes).toEqual([
      "input schema was null, not an object; using an empty object schema",
    ]);
    expect(normalizeInputSchema([{ type: "object" }]).changes).toEqual([
      "input schema was a list, not an object; using an empty object schema",
    ]);
    expect(normalizeInputSchema("x").changes).toEqual([
      'input schema was a string ("x"), not an object; using an empty object schema',
    ]);
    expect(normalizeInputSchema(undefined).changes).toEqual([
      "input schema was missing; using an empty object schema",
    ]);
  });

  it("adds a missing type and keeps the other keywords", () => {
    const { schema, changes } = normalizeInputSchema({
      properties: { q: { type: "string" } },
      additionalProperties: false,
    });
    expect(schema).toEqual({
      type: "object",
      properties: { q: { type: "string" } },
      additionalProperties: false,
    });
    expect(changes[0]).toContain("no type");
  });

  it("drops required entries that name no property, without mutating the input", () => {
    const input = { type: "object", properties: { a: {} }, required: ["a", "ghost", 3] };
    const { schema, changes } = normalizeInputSchema(input);
    expect(schema.required).toEqual(["a"]);
    expect(input.required).toEqual(["a", "ghost", 3]);
    expect(changes[0]).toContain('"ghost", 3');
    expect(normalizeInputSchema({ type: "object", required: ["x"] }).schema).toEqual({
      type: "object",
      properties: {},
    });
  });
});
