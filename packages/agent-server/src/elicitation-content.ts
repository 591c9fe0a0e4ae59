import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { describeViolations, SchemaCompiler } from "@tinyloop/registry";

/** One compiler for every form: schemas are compiled on first use. */
let compiler: SchemaCompiler | undefined;

/**
 * Checks the content of an `accept` answer to a form elicitation against the form's
 * `requestedSchema`, with the registry's schema check (the one tool arguments meet): every
 * required field, each value's type, format, range and choices, and no field the form did not
 * ask for. A schema that cannot be compiled is left to the MCP server to check. Gives each problem as one line starting with the field's path.
 */
export function checkElicitationContent(
  schema: ElicitRequestFormParams["requestedSchema"],
  content: Record<string, unknown>,
): { ok: true } | { ok: false; problems: string[] } {
  compiler ??= new SchemaCompiler();
  const compiled = compiler.compile({ ...schema, additionalProperties: false });
  // A schema Ajv cannot compile is the server's to check: a person could never fix the answer.
  if (!compiled.ok) return { ok: true };
  const errors = compiled.check(content);
  compiled.release();
  return errors === undefined ? { ok: true } : { ok: false, problems: describeViolations(errors) };
}
