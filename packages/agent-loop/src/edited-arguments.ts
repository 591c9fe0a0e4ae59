import { parseToolArguments, schemaProblems, type ToolDefinition } from "@tinyloop/registry";

/**
 * Checks arguments a person edited before approving a call (the `arguments` an
 * approval hook's decision may carry): JSON text of one object that meets the tool's input
 * schema. Gives the compact JSON to run, or a message naming what is wrong (the JSON error
 * with its line and column, or each schema violation). The caller adds how its person edits
 * again (a key, a button), which only it knows.
 */
export function checkEditedArguments(
  definition: ToolDefinition,
  text: string,
): { ok: true; json: string } | { ok: false; message: string } {
  const parsed = parseToolArguments(text, definition.name);
  if (!parsed.ok)
    return { ok: false, message: `the edited arguments were not used: ${parsed.message}` };
  const problems = schemaProblems(definition.inputSchema, parsed.value);
  if (problems !== undefined) {
    return {
      ok: false,
      message: `the edited arguments were not used: they do not match ${definition.name}'s input schema:\n${problems.map((p) => `- ${p}`).join("\n")}`,
    };
  }
  return { ok: true, json: JSON.stringify(parsed.value) };
}
