import { describe, expect, it } from "vitest";
import { type CompiledSchema, SchemaCompiler } from "./schema-validator.js";

function compile(schema: Record<string, unknown>, compiler = new SchemaCompiler()) {
  const compiled = compiler.compile(schema);
  if (!compiled.ok) throw new Error(`expected a compiled schema, got: ${compiled.problem}`);
  return compiled;
}

function keywords(compiled: Extract<CompiledSchema, { ok: true }>, args: Record<string, unknown>) {
  return compiled.check(args)?.map((error) => `${error.instancePath} ${error.keyword}`);
}

describe("SchemaCompiler", () => {
  it("validates a draft-07 schema with definitions and a tuple `items` array", () => {
    const compiled = compile({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      definitions: { point: { type: "array", items: [{ type: "number" }, { type: "number" }] } },
      properties: { from: { $ref: "#/definitions/point" } },
      required: ["from"],
    });
    expect(compiled.check({ from: [1, 2] })).toBeUndefined();
    expect(keywords(compiled, { from: ["a", 2] })).toEqual(["/from/0 type"]);
    expect(keywords(compiled, {})).toEqual([" required"]);
  });

  it("validates a 2020-12 schema with $defs and prefixItems", () => {
    const compiled = compile({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] } },
      properties: { pair: { $ref: "#/$defs/pair" } },
    });
    expect(compiled.check({ pair: ["a", 1] })).toBeUndefined();
    expect(keywords(compiled, { pair: [1, "a"] })).toEqual(["/pair/0 type", "/pair/1 type"]);
  });

  it("treats prefixItems as unknown (ignored) under draft-07, proving the dialect is chosen", () => {
    const compiled = compile({
      type: "object",
      properties: { pair: { type: "array", prefixItems: [{ type: "string" }] } },
    });
    expect(compiled.check({ pair: [1] })).toBeUndefined();
  });

  it("validates a 2019-09 schema", () => {
    const compiled = compile({
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      properties: { a: { type: "string" } },
      unevaluatedProperties: false,
    });
    expect(keywords(compiled, { a: "x", b: 1 })).toEqual([" unevaluatedProperties"]);
  });

  it("accepts a $schema spelling Ajv does not know (draft-06, http 2020-12 with #)", () => {
    const draft6 = compile({ $schema: "http://json-schema.org/draft-06/schema#", type: "object" });
    expect(draft6.check({})).toBeUndefined();
    const loose = compile({
      $schema: "http://json-schema.org/draft/2020-12/schema#",
      type: "object",
      properties: { t: { type: "array", prefixItems: [{ type: "string" }] } },
    });
    expect(keywords(loose, { t: [1] })).toEqual(["/t/0 type"]);
  });

  it("checks formats (ajv-formats) and reports every violation, not just the first", () => {
    const compiled = compile({
      type: "object",
      properties: { url: { type: "string", format: "uri" }, n: { type: "integer", minimum: 1 } },
    });
    expect(keywords(compiled, { url: "not a uri", n: 0 })).toEqual(["/url format", "/n minimum"]);
  });

  it("tolerates unknown keywords and formats instead of refusing the schema", () => {
    const compiled = compile({
      type: "object",
      "x-vendor": true,
      properties: { a: { type: "string", format: "made-up" } },
    });
    expect(compiled.check({ a: "anything" })).toBeUndefined();
  });

  it("explains a schema that cannot be compiled instead of throwing", () => {
    const result = new SchemaCompiler().compile({ type: "object", properties: { a: { type: 5 } } });
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.problem).toMatch(/schema is invalid|type/);
    const missing = new SchemaCompiler().compile({ $ref: "#/definitions/nowhere" });
    expect(missing.ok ? "" : missing.problem).toMatch(/can't resolve reference/);
  });

  it("compiles two different schemas sharing one $id, each validating by its own rules", () => {
    const compiler = new SchemaCompiler();
    const first = compile(
      { $id: "https://example.com/args.json", type: "object", required: ["a"] },
      compiler,
    );
    const second = compile(
      { $id: "https://example.com/args.json", type: "object", required: ["b"] },
      compiler,
    );
    expect(keywords(first, { b: 1 })).toEqual([" required"]);
    expect(keywords(second, { a: 1 })).toEqual([" required"]);
    expect(second.check({ b: 1 })).toBeUndefined();
  });

  it("drops a released schema from the shared engine (its $id no longer resolves)", () => {
    const compiler = new SchemaCompiler();
    const first = compile({ $id: "https://example.com/once.json", type: "object" }, compiler);
    const referrer = { $ref: "https://example.com/once.json" };
    expect(compiler.compile({ ...referrer }).ok).toBe(true);
    first.release();
    const after = compiler.compile({ ...referrer });
    expect(after.ok ? "" : after.problem).toMatch(/can't resolve reference/);
  });
});

describe("SchemaCompiler options", () => {
  const schema = {
    type: "object",
    properties: { mail: { type: "string", format: "email" }, n: { type: "number" } },
  };

  it("checks formats and reports every violation by default", () => {
    expect(keywords(compile(schema), { mail: "not an address", n: "x" })).toEqual([
      "/mail format",
      "/n type",
    ]);
  });

  it("stops at the first violation with allErrors: false and ignores formats with formats: false", () => {
    const lenient = new SchemaCompiler({ allErrors: false, formats: false });
    expect(keywords(compile(schema, lenient), { mail: "not an address", n: "x" })).toEqual([
      "/n type",
    ]);
    expect(keywords(compile(schema, lenient), { mail: "not an address", n: 1 })).toBeUndefined();
  });
});
