import { describe, expect, it } from "vitest";
import { checkElicitationContent } from "./elicitation-content.js";

type Schema = Parameters<typeof checkElicitationContent>[0];

const multiSelect = {
  type: "object",
  properties: {
    fish: {
      type: "array",
      minItems: 1,
      maxItems: 2,
      items: { anyOf: [{ const: "fish-1" }, { const: "fish-2" }, { const: "fish-3" }] },
    },
    legacy: { type: "string", enum: ["pet-1", "pet-2"], enumNames: ["Cats", "Dogs"] },
    whole: { type: "integer" },
  },
} as unknown as Schema;

describe("checkElicitationContent", () => {
  it("takes content that fits, with optional fields left out", () => {
    expect(checkElicitationContent(multiSelect, { fish: ["fish-1", "fish-3"] })).toEqual({
      ok: true,
    });
    expect(checkElicitationContent(multiSelect, {})).toEqual({ ok: true });
  });

  it("names each problem: item counts, choices, whole numbers, legacy enums", () => {
    const checked = checkElicitationContent(multiSelect, {
      fish: ["fish-1", "fish-2", "fish-9"],
      legacy: "Cats",
      whole: 1.5,
    });
    expect(checked.ok).toBe(false);
    const problems = checked.ok ? [] : checked.problems;
    expect(problems).toContain("fish: must NOT have more than 2 items");
    expect(problems).toContain('fish[2]: must be "fish-1", got "fish-9"');
    expect(problems).toContain('legacy: must be one of "pet-1", "pet-2", got "Cats"');
    expect(problems).toContain("whole: must be integer, got number");
  });

  it("leaves a schema that cannot be compiled to the MCP server (a person could not fix the answer)", () => {
    const broken = {
      type: "object",
      properties: { a: { type: "no-such-type" } },
    } as unknown as Schema;
    expect(checkElicitationContent(broken, { a: 1 })).toEqual({ ok: true });
  });
});
