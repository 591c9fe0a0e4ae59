import type { ToolSpec } from "../types.js";

/**
 * The input schema of the MCP conformance suite's `json-schema-2020-12-preservation`
 * scenario (SEP-1613, SEP-2106): `$schema`, `$defs` with an `$anchor`, a `$ref`,
 * `allOf` / `anyOf`, `if` / `then` / `else` and `additionalProperties: false`.
 */
export const JSON_SCHEMA_2020_12 = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: {
    address: {
      $anchor: "addressDef",
      type: "object",
      properties: { street: { type: "string" }, city: { type: "string" } },
    },
  },
  properties: {
    name: { type: "string" },
    address: { $ref: "#/$defs/address" },
    contactMethod: { type: "string", enum: ["phone", "email"] },
    phone: { type: "string" },
    email: { type: "string" },
  },
  allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
  if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, not a promise
  then: { required: ["phone"] },
  else: { required: ["email"] },
  additionalProperties: false,
} as const;

/** A tool carrying {@link JSON_SCHEMA_2020_12}, as the registry hands it to a model. */
export function contactTool(): ToolSpec {
  return {
    name: "save_contact",
    description: "Save a contact.",
    inputSchema: structuredClone(JSON_SCHEMA_2020_12) as unknown as Record<string, unknown>,
  };
}
