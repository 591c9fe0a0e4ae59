import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "./schema-validator.js";
import { describeViolations } from "./schema-violations.js";

function violations(schema: Record<string, unknown>, args: Record<string, unknown>): string[] {
  const compiled = new SchemaCompiler().compile(schema);
  if (!compiled.ok) throw new Error(compiled.problem);
  return describeViolations(compiled.check(args) ?? []);
}

describe("describeViolations", () => {
  it("writes one line per violation, each with its path", () => {
    const schema = {
      type: "object",
      properties: {
        path: { type: "string" },
        mode: { enum: ["r", "w"] },
        items: {
          type: "array",
          items: { type: "object", properties: { id: { type: "integer" } } },
        },
        kind: { const: "file" },
        "odd key": { type: "boolean" },
      },
      required: ["path"],
      additionalProperties: false,
    };
    expect(
      violations(schema, {
        mode: "x",
        items: [{ id: 1 }, { id: "two" }],
        kind: "dir",
        "odd key": "yes",
        extra: 1,
      }),
    ).toEqual([
      "path: is required but missing",
      "extra: is not an allowed property (allowed: path, mode, items, kind, odd key)",
      'mode: must be one of "r", "w", got "x"',
      "items[1].id: must be integer, got string",
      'kind: must be "file", got "dir"',
      '["odd key"]: must be boolean, got string',
    ]);
  });

  it("names the root as (top level) and falls back to Ajv's message for other keywords", () => {
    expect(violations({ type: "object", minProperties: 1 }, {})).toEqual([
      "(top level): must NOT have fewer than 1 properties",
    ]);
    expect(
      violations({ type: "object", properties: { n: { type: ["string", "null"] } } }, { n: 3 }),
    ).toEqual(["n: must be string or null, got integer"]);
  });

  it("caps a long list of violations", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: "string" }]),
    );
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, i]));
    const lines = violations({ type: "object", properties }, args);
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toBe("… and 10 more");
  });
});
