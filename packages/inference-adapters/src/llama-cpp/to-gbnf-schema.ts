import type { GbnfJsonSchema } from "node-llama-cpp";

type Schema = Record<string, unknown>;

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);

/** Any JSON value (node-llama-cpp's grammar has no "anything" schema). */
const ANY: GbnfJsonSchema = {
  oneOf: [
    { type: ["string", "number", "boolean", "null"] },
    { type: "object", additionalProperties: true },
    { type: "array" },
  ],
};

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withDescription(schema: Schema, out: Schema): GbnfJsonSchema {
  if (typeof schema.description === "string") out.description = schema.description;
  return out as GbnfJsonSchema;
}

/**
 * Converts a (normalized, `$ref`-free) JSON Schema to the subset node-llama-cpp turns into a
 * grammar for the call arguments. Keywords it cannot express are dropped, so the grammar may
 * accept more than the schema; the registry still validates the arguments.
 */
export function toGbnfSchema(schema: unknown): GbnfJsonSchema {
  if (!isSchema(schema)) return ANY;
  if ("const" in schema) return withDescription(schema, { const: schema.const });
  if (Array.isArray(schema.enum)) return withDescription(schema, { enum: schema.enum });
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) {
    return withDescription(schema, { oneOf: alternatives.map(toGbnfSchema) });
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    const scalar = type.filter((t): t is string => typeof t === "string" && SCALAR_TYPES.has(t));
    const rest = type.filter((t) => t === "object" || t === "array");
    if (rest.length === 0 && scalar.length > 0) return withDescription(schema, { type: scalar });
    return withDescription(schema, {
      oneOf: [
        ...(scalar.length > 0 ? [{ type: scalar }] : []),
        ...rest.map((t) => toGbnfSchema({ ...schema, type: t })),
      ],
    });
  }
  if (type === "object" || (type === undefined && isSchema(schema.properties))) {
    const out: Schema = { type: "object" };
    if (isSchema(schema.properties)) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, toGbnfSchema(value)]),
      );
    }
    if (Array.isArray(schema.required)) out.required = schema.required;
    if (schema.additionalProperties === false) out.additionalProperties = false;
    else if (isSchema(schema.additionalProperties))
      out.additionalProperties = toGbnfSchema(schema.additionalProperties);
    else if (!out.properties || schema.additionalProperties === true)
      out.additionalProperties = true;
    return withDescription(schema, out);
  }
  if (type === "array") {
    const out: Schema = { type: "array" };
    out.items = isSchema(schema.items) ? toGbnfSchema(schema.items) : ANY;
    if (typeof schema.minItems === "number") out.minItems = schema.minItems;
    if (typeof schema.maxItems === "number") out.maxItems = schema.maxItems;
    return withDescription(schema, out);
  }
  if (type === "string") {
    const out: Schema = { type: "string" };
    if (typeof schema.minLength === "number") out.minLength = schema.minLength;
    if (typeof schema.maxLength === "number") out.maxLength = schema.maxLength;
    if (schema.format === "date-time" || schema.format === "date" || schema.format === "time") {
      return withDescription(schema, { type: "string", format: schema.format });
    }
    return withDescription(schema, out);
  }
  if (typeof type === "string" && SCALAR_TYPES.has(type)) return withDescription(schema, { type });
  return ANY;
}
