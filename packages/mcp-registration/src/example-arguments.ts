import type { JsonSchema } from "@tinyloop/registry";

/** The plain values {@link exampleArguments} gives a property that names no value of its own. */
export interface ExampleFillers {
  /** For `number` and `integer` (default `0`). */
  number: number;
  /** For `string` and any type it does not know (default `"text"`). */
  string: string;
}

const DEFAULT_FILLERS: ExampleFillers = { number: 0, string: "text" };

/**
 * Arguments that fit a tool's input schema, for an example or a scripted call: each required
 * property gets the schema's own `default`, else `examples[0]`, else its first `enum` value,
 * else a plain value of its type (`true`, `[]`, an object filled the same way, or a filler).
 * `{}` when nothing is required or the schema is not an object schema.
 *
 * @example
 * exampleArguments({ type: "object", properties: { a: { type: "number" } }, required: ["a"] }); // { a: 0 }
 */
export function exampleArguments(
  schema: unknown,
  fillers: Partial<ExampleFillers> = {},
): Record<string, unknown> {
  const object = (schema ?? {}) as JsonSchema;
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(object.required) ? (object.required as unknown[]) : [];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    if (typeof key === "string") args[key] = exampleValue(properties[key], fillers);
  }
  return args;
}

/** One property's example value, as {@link exampleArguments} gives it; `"…"` for no schema. */
export function exampleValue(
  schema: JsonSchema | undefined,
  fillers: Partial<ExampleFillers> = {},
): unknown {
  if (schema === undefined) return "…";
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "number":
    case "integer":
      return fillers.number ?? DEFAULT_FILLERS.number;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return exampleArguments(schema, fillers);
    default:
      return fillers.string ?? DEFAULT_FILLERS.string;
  }
}
