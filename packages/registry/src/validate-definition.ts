import { describeValue } from "@tinyloop/errors";
import { RegistryError } from "./registry-error.js";
import type { ToolDefinition } from "./types.js";

/** Throws `DEFINITION_INVALID` when `register` gets something other than an object. */
export function assertIsObject(definition: unknown): void {
  if (isObject(definition)) return;
  throw new RegistryError({
    code: "DEFINITION_INVALID",
    message: `Cannot register a tool: expected a definition object { name, description, inputSchema, toolset }, got ${describeValue(definition)}.`,
  });
}

/**
 * Throws `DEFINITION_INVALID` naming the field, what was expected and what was found, for
 * definitions built by hand or converted from outside data. The name is checked before.
 */
export function assertValidDefinition(definition: ToolDefinition, handler: unknown): void {
  const name = definition.name;
  const problem = findProblem(definition as unknown as Record<string, unknown>, handler);
  if (problem === undefined) return;
  throw new RegistryError({
    code: "DEFINITION_INVALID",
    message: `Cannot register tool "${name}": ${problem}.`,
  });
}

function findProblem(definition: Record<string, unknown>, handler: unknown): string | undefined {
  if (typeof definition.description !== "string") {
    return `description: expected a string, got ${describeValue(definition.description)} (use "" for none)`;
  }
  if (!isObject(definition.inputSchema)) {
    return `inputSchema: expected a JSON Schema object, got ${describeValue(definition.inputSchema)} (e.g. { "type": "object", "properties": {} })`;
  }
  if (typeof definition.toolset !== "string" || definition.toolset === "") {
    return `toolset: expected a non-empty string, got ${describeValue(definition.toolset)} (e.g. "builtin")`;
  }
  if (definition.annotations !== undefined && !isObject(definition.annotations)) {
    return `annotations: expected an object, got ${describeValue(definition.annotations)}`;
  }
  if (definition.outputSchema !== undefined && !isObject(definition.outputSchema)) {
    return `outputSchema: expected a JSON Schema object, got ${describeValue(definition.outputSchema)}`;
  }
  if (definition.deferred !== undefined && typeof definition.deferred !== "boolean") {
    return `deferred: expected true or false, got ${describeValue(definition.deferred)} (omit it to let the toolset and the agent decide)`;
  }
  const source = definition.source;
  if (
    source !== undefined &&
    !(isObject(source) && typeof source.server === "string" && typeof source.tool === "string")
  ) {
    return `source: expected { server: string, tool: string }, got ${describeValue(source)}`;
  }
  if (typeof handler !== "function")
    return `handler: expected a function, got ${describeValue(handler)}`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
