import { describe, expect, it } from "vitest";
import { lazySchemaValidator } from "./lazy-schema-validator.js";

describe("lazySchemaValidator", () => {
  it("validates like the SDK's Ajv validator once asked for a schema", () => {
    const validator = lazySchemaValidator();
    const check = validator.getValidator<{ n: number }>({
      type: "object",
      properties: { n: { type: "integer" } },
      required: ["n"],
    });
    expect(check({ n: 3 })).toEqual({ valid: true, data: { n: 3 }, errorMessage: undefined });
    const bad = check({ n: "three" });
    expect(bad.valid).toBe(false);
    expect(bad.errorMessage).toMatch(/integer/);
  });

  it("checks formats (ajv-formats), as the SDK's default does", () => {
    const check = lazySchemaValidator().getValidator({ type: "string", format: "email" });
    expect(check("ada@example.com").valid).toBe(true);
    expect(check("not an address").valid).toBe(false);
  });
});
