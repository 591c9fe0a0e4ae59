import { conformance2020Schema } from "@tinyloop/test-fixtures/json-schema";
import { describe, expect, it } from "vitest";
import { textOf } from "./__fixtures__/tools.js";
import { ToolRegistry } from "./tool-registry.js";

// The conformance suite's 2020-12 tool schema (SEP-1613, SEP-2106), with the address also
// reachable through its $anchor and closed by unevaluatedProperties (2019-09 / 2020-12 only):
// the registry keeps it whole and validates with the 2020-12 dialect.
const suite = conformance2020Schema() as {
  $defs: { address: Record<string, unknown> };
  properties: Record<string, unknown>;
};
const schema = {
  ...suite,
  $defs: { address: { ...suite.$defs.address, unevaluatedProperties: false } },
  properties: { ...suite.properties, billing: { $ref: "#addressDef" } },
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
