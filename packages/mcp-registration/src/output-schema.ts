import { SchemaCompiler } from "@tinyloop/registry";

/** Checks `structuredContent` against a tool's declared `outputSchema`. */
export type OutputValidator = (
  value: unknown,
) => { valid: true } | { valid: false; message: string };

// The registry's compiler reads `$schema` (zod 4 servers declare 2020-12, older ones
// draft-07) exactly as it does for input schemas. Lenient: the first violation is enough
// for a warning, and formats are not checked, so a loose schema never hides a result.
const compiler = new SchemaCompiler({ allErrors: false, formats: false });

/**
 * Compiles a tool's `outputSchema` once, at registration. Returns the validator, or an
 * error message when the schema itself cannot be compiled (the tool is still registered;
 * its results are then passed through unchecked).
 */
export function compileOutputSchema(
  schema: Record<string, unknown>,
): { validate: OutputValidator } | { error: string } {
  const compiled = compiler.compile(schema);
  if (!compiled.ok) return { error: `outputSchema could not be compiled: ${compiled.problem}` };
  return {
    validate(value) {
      const errors = compiled.check(value as Record<string, unknown>);
      if (errors === undefined) return { valid: true };
      const first = errors[0];
      const where = first?.instancePath ? first.instancePath : "(root)";
      return {
        valid: false,
        message: `${where} ${first?.message ?? "is invalid"}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`,
      };
    },
  };
}
