import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { simpleSchemaCheck } from "./simple-schema-check.js";

const echo = {
  type: "object",
  properties: { text: { type: "string", description: "what to echo" } },
  required: ["text"],
};
const closed = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  title: "add",
  properties: { a: { type: "number" }, b: { type: "integer" }, loud: { type: "boolean" } },
  required: ["a", "b"],
  additionalProperties: false,
};

const argumentSamples: unknown[] = [
  {},
  { text: "hi" },
  { text: 3 },
  { text: null },
  { text: "hi", extra: [1] },
  { a: 1, b: 2 },
  { a: 1.5, b: 2 },
  { a: 1, b: 2.5 },
  { a: "1", b: 2 },
  { a: 1, b: 2, loud: true },
  { a: 1, b: 2, loud: "yes" },
  { a: 1, b: 2, other: 1 },
  { a: 1 },
  [],
  null,
  "text",
];

describe("simpleSchemaCheck", () => {
  it("never calls arguments valid that Ajv refuses, and accepts the valid ones of simple schemas", () => {
    const ajv = new Ajv({ strict: false });
    for (const schema of [echo, closed]) {
      const quick = simpleSchemaCheck(schema);
      expect(quick).toBeDefined();
      const { $schema: _dialect, ...withoutDialect } = schema as Record<string, unknown>;
      const validate = ajv.compile(withoutDialect);
      for (const args of argumentSamples) {
        const byAjv = validate(args);
        expect({ args, quick: quick?.(args as Record<string, unknown>) }).toEqual({
          args,
          quick: byAjv,
        });
      }
    }
  });

  it("leaves every other schema to Ajv", () => {
    const others = [
      { type: "object", properties: { when: { type: "string", format: "date-time" } } },
      { type: "object", properties: { n: { type: "number", minimum: 0 } } },
      { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
      { type: "object", properties: { kind: { enum: ["a", "b"] } } },
      { type: "object", properties: { either: { type: ["string", "null"] } } },
      { type: "object", additionalProperties: { type: "string" } },
      { type: "object", $defs: {}, properties: {} },
      { type: "object", properties: { x: true } },
      { anyOf: [{ type: "object" }] },
      { type: "array" },
    ];
    for (const schema of others) expect(simpleSchemaCheck(schema)).toBeUndefined();
  });

  it("takes an empty object schema (no properties) and checks only that the arguments are an object", () => {
    const quick = simpleSchemaCheck({ type: "object" });
    expect(quick?.({ anything: [1, 2] })).toBe(true);
    expect(quick?.([] as unknown as Record<string, unknown>)).toBe(false);
  });
});
