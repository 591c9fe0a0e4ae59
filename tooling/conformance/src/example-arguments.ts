/** A JSON Schema of tool arguments, as far as the example builder reads it. */
interface ArgumentSchema {
  type?: string | string[];
  properties?: Record<string, ArgumentSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
}

/**
 * Arguments that satisfy a tool's input schema: each required property gets its default,
 * its first enum value, or a plain value of its type. The conformance servers' tools take
 * simple arguments (`add_numbers` takes two numbers), so this is all a scripted caller needs.
 */
export function exampleArguments(schema: unknown): Record<string, unknown> {
  const object = (schema ?? {}) as ArgumentSchema;
  const args: Record<string, unknown> = {};
  for (const name of object.required ?? []) {
    args[name] = exampleValue(object.properties?.[name] ?? {});
  }
  return args;
}

function exampleValue(schema: ArgumentSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return exampleArguments(schema);
    default:
      return "test";
  }
}
