import type { JsonSchema } from "./types.js";

/** Says whether arguments are valid; `false` means "ask the full validator", not "invalid". */
export type QuickCheck = (args: Record<string, unknown>) => boolean;

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === "string",
  // Ajv's number: finite (JSON has no NaN or Infinity; anything else goes to Ajv).
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === "boolean",
};

/** Annotation keywords: they never change what is valid. */
const ANNOTATIONS = new Set(["description", "title", "examples", "$comment"]);
const OBJECT_KEYWORDS = new Set(["type", "properties", "required", "additionalProperties"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The type check of a property schema that is only `{ type: <primitive> }` plus annotations. */
function propertyCheck(schema: unknown): ((value: unknown) => boolean) | undefined {
  if (!isRecord(schema)) return undefined;
  for (const key in schema) {
    if (key !== "type" && !ANNOTATIONS.has(key)) return undefined;
  }
  return typeof schema.type === "string" ? TYPE_CHECKS[schema.type] : undefined;
}

/**
 * A check without Ajv for the input schemas most tools declare — an object whose properties
 * are each one primitive type (`string`, `number`, `integer`, `boolean`), some of them
 * required, with or without `additionalProperties: false` — or `undefined` for any other
 * schema. It only ever answers "valid" where Ajv would: for arguments it does not accept
 * (and for every other schema) the registry asks Ajv, which also words the errors. Creating
 * an Ajv engine and compiling its meta-schema cost tens of milliseconds of CPU on a tool's
 * first call; the common case now needs neither.
 */
export function simpleSchemaCheck(schema: JsonSchema): QuickCheck | undefined {
  for (const key in schema) {
    if (key !== "$schema" && !OBJECT_KEYWORDS.has(key) && !ANNOTATIONS.has(key)) return undefined;
  }
  if (schema.type !== "object") return undefined;
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return undefined;
  const checks = new Map<string, (value: unknown) => boolean>();
  for (const [name, property] of Object.entries(properties)) {
    const check = propertyCheck(property);
    if (check === undefined) return undefined;
    checks.set(name, check);
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === "string")) {
    return undefined;
  }
  const closed = schema.additionalProperties === false;
  if (
    schema.additionalProperties !== undefined &&
    typeof schema.additionalProperties !== "boolean"
  ) {
    return undefined;
  }
  return (args) => {
    if (!isRecord(args)) return false;
    for (const name of required) {
      if (args[name] === undefined) return false;
    }
    for (const name in args) {
      const check = checks.get(name);
      if (check === undefined) {
        if (closed) return false;
      } else if (!check(args[name])) {
        return false;
      }
    }
    return true;
  };
}
