import { describeValue } from "@tinyloop/errors";
import type { JsonSchema } from "@tinyloop/registry";

/** A normalised input schema and what had to change to get it. */
export interface NormalizedInputSchema {
  schema: JsonSchema;
  /** Human-readable notes, one per change; empty when the schema was fine as it was. */
  changes: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Makes a server's tool input schema one that every provider accepts as function
 * parameters: an object schema with `properties`. The input is never mutated.
 * - not an object at all, or a `type` other than `"object"` → `{ type: "object", properties: {} }`
 *   (a call then sends whatever arguments the model gives, the server validates them);
 * - a missing `type` → `type: "object"` added, other keywords kept;
 * - missing or non-object `properties` → `properties: {}`;
 * - `required` entries that are not strings or name no property are dropped (and
 *   `required` removed when nothing is left).
 */
export function normalizeInputSchema(input: unknown): NormalizedInputSchema {
  const changes: string[] = [];
  if (!isRecord(input)) {
    changes.push(
      `input schema was ${input === undefined ? "missing" : `${describeValue(input)}, not an object`}; using an empty object schema`,
    );
    return { schema: { type: "object", properties: {} }, changes };
  }
  if (input.type !== undefined && input.type !== "object") {
    changes.push(
      `input schema type was ${JSON.stringify(input.type)}, expected "object"; using an empty object schema`,
    );
    return { schema: { type: "object", properties: {} }, changes };
  }
  const schema: JsonSchema = { ...input };
  if (schema.type === undefined) {
    schema.type = "object";
    changes.push(`input schema had no type; set to "object"`);
  }
  if (!isRecord(schema.properties)) {
    if (schema.properties !== undefined)
      changes.push("input schema properties was not an object; replaced by {}");
    schema.properties = {};
  }
  if (schema.required !== undefined) {
    const properties = schema.properties as Record<string, unknown>;
    const given = Array.isArray(schema.required) ? schema.required : [];
    const kept = given.filter(
      (entry): entry is string => typeof entry === "string" && Object.hasOwn(properties, entry),
    );
    const dropped = Array.isArray(schema.required)
      ? given.filter((entry) => !kept.includes(entry as string))
      : [schema.required];
    if (dropped.length > 0) {
      changes.push(
        `input schema required named no property for ${dropped.map((d) => JSON.stringify(d)).join(", ")}; dropped`,
      );
    }
    if (kept.length > 0) schema.required = kept;
    else delete schema.required;
  }
  return { schema, changes };
}
