import type { JsonSchema } from "@tinyloop/registry";

/**
 * A small `--args` example for a tool's input schema, as JSON text: its required properties
 * with a value of their type (a schema's own `default`, `examples[0]` or first `enum` value
 * when it has one), e.g. `{"a": 0, "b": 0}` for `add`. `{}` when nothing is required.
 */
export function exampleArguments(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const entries = required.map(
    (key) => `${JSON.stringify(key)}: ${JSON.stringify(exampleValue(properties[key]))}`,
  );
  return `{${entries.join(", ")}}`;
}

function exampleValue(schema: JsonSchema | undefined): unknown {
  if (schema === undefined) return "…";
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "text";
  }
}
