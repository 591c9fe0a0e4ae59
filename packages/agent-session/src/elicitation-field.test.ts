import { describe, expect, it } from "vitest";
import {
  type ElicitationField,
  fieldChoiceLabels,
  fieldChoices,
  parseFieldAnswer,
} from "./elicitation-field.js";

const field = (schema: Record<string, unknown>) => schema as unknown as ElicitationField;

describe("elicitation fields", () => {
  it("lists the choices of plain, titled and multi-select enums", () => {
    const titled = field({ type: "string", oneOf: [{ const: "h1", title: "Superman" }] });
    expect(fieldChoices(titled)).toEqual(["h1"]);
    expect(fieldChoiceLabels(titled)).toEqual(["h1 = Superman"]);
    const multi = field({ type: "array", items: { enum: ["a", "b"] } });
    expect(fieldChoices(multi)).toEqual(["a", "b"]);
    expect(fieldChoices(field({ type: "string" }))).toBeUndefined();
  });

  it("parses typed answers to the field's type, and says what fits when they do not", () => {
    const count = field({ type: "integer", minimum: 1, maximum: 5 });
    expect(parseFieldAnswer("3", count)).toEqual({ value: 3 });
    expect(parseFieldAnswer("2.5", count)).toEqual({ error: "expected a whole number" });
    expect(parseFieldAnswer("9", count)).toEqual({ error: "at most 5" });
    expect(parseFieldAnswer("yes", field({ type: "boolean" }))).toEqual({ value: true });
    expect(parseFieldAnswer("maybe", field({ type: "boolean" }))).toEqual({
      error: "answer y or n",
    });
    const multi = field({ type: "array", items: { enum: ["a", "b"] } });
    expect(parseFieldAnswer("a, b", multi)).toEqual({ value: ["a", "b"] });
    expect(parseFieldAnswer("a, z", multi)).toEqual({ error: "not a choice: z" });
    expect(parseFieldAnswer("c", field({ type: "string", enum: ["a", "b"] }))).toEqual({
      error: "choose one of: a, b",
    });
  });
});
