import { SchemaCompiler } from "./schema-validator.js";
import { describeViolations } from "./schema-violations.js";
import type { JsonSchema } from "./types.js";

/** One compiler for every one-off check: each schema is compiled, used once and released. */
let compiler: SchemaCompiler | undefined;

/**
 * The one check of an object a person (or a program) gave against a JSON Schema, outside the
 * registry's own dispatch: each violation as a line starting with its path (the wording of
 * {@link describeViolations}), or `undefined` when the value meets the schema — or when the
 * schema cannot be compiled, since then nobody could fix the value and whoever receives it
 * decides. Used for arguments edited before approval, `mcp call --args`, and form answers.
 */
export function schemaProblems(
  schema: JsonSchema,
  value: Record<string, unknown>,
): string[] | undefined {
  compiler ??= new SchemaCompiler();
  const compiled = compiler.compile(schema);
  if (!compiled.ok) return undefined;
  try {
    const errors = compiled.check(value);
    return errors === undefined ? undefined : describeViolations(errors);
  } finally {
    compiled.release();
  }
}
