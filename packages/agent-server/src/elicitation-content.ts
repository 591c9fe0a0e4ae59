import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { schemaProblems } from "@tinyloop/registry";

/**
 * Checks the content of an `accept` answer to a form elicitation against the form's
 * `requestedSchema`, with the registry's schema check (the one tool arguments meet): every
 * required field, each value's type, format, range and choices, and no field the form did not
 * ask for. A schema that cannot be compiled is left to the MCP server to check.
 * Gives each problem as one line starting with the field's path (registry's `schemaProblems`).
 */
export function checkElicitationContent(
  schema: ElicitRequestFormParams["requestedSchema"],
  content: Record<string, unknown>,
): { ok: true } | { ok: false; problems: string[] } {
  // A schema that cannot be compiled is the server's to check: a person could never fix the answer.
  const problems = schemaProblems({ ...schema, additionalProperties: false }, content);
  return problems === undefined ? { ok: true } : { ok: false, problems };
}
