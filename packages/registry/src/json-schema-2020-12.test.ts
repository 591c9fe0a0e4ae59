import { describe, expect, it } from "vitest";
import { textOf } from "./__fixtures__/tools.js";
import { ToolRegistry } from "./tool-registry.js";

// The conformance suite's 2020-12 tool schema (SEP-1613, SEP-2106), with the address also
// reachable through its $anchor: the registry keeps it whole and validates with 2020-12.
const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: {
    address: {
      $anchor: "addressDef",
      type: "object",
      properties: { street: { type: "string" }, city: { type: "string" } },
      unevaluatedProperties: false,
    },
  },
  properties: {
    name: { type: "string" },
    address: { $ref: "#/$defs/address" },
    billing: { $ref: "#addressDef" },
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
};

function registryWith(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    { name: "save_contact", description: "", inputSchema: structuredClone(schema), toolset: "t" },
    () => "saved",
  );
  return registry;
}

describe("a JSON Schema 2020-12 input schema", () => {
  it("is kept whole: the registered definition lists it as given", () => {
    expect(registryWith().list()[0]?.inputSchema).toEqual(schema);
  });

  it("validates with the 2020-12 dialect: $ref to $defs and to an $anchor, allOf/anyOf, if/then/else, additionalProperties", async () => {
    const registry = registryWith();
    const ok = await registry.dispatch("save_contact", {
      name: "Ada",
      contactMethod: "email",
      email: "ada@example.com",
      billing: { city: "London" },
    });
    expect(ok.isError).toBeFalsy();
    expect(textOf(ok)).toBe("saved");

    const bad = await registry.dispatch("save_contact", {
      contactMethod: "phone",
      email: "ada@example.com",
      billing: { city: "London", zip: "N1" },
      nickname: "A",
    });
    expect(bad.isError).toBe(true);
    const text = textOf(bad);
    expect(text).toContain("phone");
    expect(text).toContain('"then"');
    expect(text).toContain("nickname");
    // unevaluatedProperties is 2020-12 (and 2019-09) only: draft-07 would ignore it.
    expect(text).toContain("billing.zip: is not an allowed property");
  });
});
