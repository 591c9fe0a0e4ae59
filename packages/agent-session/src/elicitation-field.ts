import type { McpElicitRequest } from "@tinyloop/mcp-transport";

/** One field of a form elicitation's `requestedSchema` (a flat JSON Schema property). */
export type ElicitationField = McpElicitRequest["requestedSchema"]["properties"][string];
/** A field's value in an `accept` answer. */
export type ElicitationValue = string | number | boolean | string[];

/** The allowed values of an enum field (plain `enum`, `oneOf` consts, or a multi-select's items). */
export function fieldChoices(field: ElicitationField): string[] | undefined {
  const f = field as {
    enum?: string[];
    oneOf?: { const: string }[];
    items?: { enum?: string[]; anyOf?: { const: string }[] };
  };
  if (f.enum) return f.enum;
  if (f.oneOf) return f.oneOf.map((option) => option.const);
  if (f.items?.enum) return f.items.enum;
  if (f.items?.anyOf) return f.items.anyOf.map((option) => option.const);
  return undefined;
}

/** The choices as a person reads them: `hero-1 = Superman` when an option has a title. */
export function fieldChoiceLabels(field: ElicitationField): string[] | undefined {
  const f = field as {
    oneOf?: { const: string; title?: string }[];
    items?: { anyOf?: { const: string; title?: string }[] };
    enumNames?: string[];
  };
  const titled = f.oneOf ?? f.items?.anyOf;
  if (titled) return titled.map((o) => (o.title ? `${o.const} = ${o.title}` : o.const));
  const plain = fieldChoices(field);
  if (plain && f.enumNames)
    return plain.map((value, i) => `${value} = ${f.enumNames?.[i] ?? value}`);
  return plain;
}

/**
 * Parses one answer typed as text into the field's value: a choice (or comma-separated
 * choices for a multi-select), `y`/`n` for a boolean, a number within `minimum`/`maximum`,
 * else the text. Returns an error text saying what fits when it does not (`choose one of: a, b`),
 * for a text UI to ask again with.
 */
export function parseFieldAnswer(
  answer: string,
  field: ElicitationField,
): { value: ElicitationValue } | { error: string } {
  const f = field as { type: string; minimum?: number; maximum?: number };
  const choices = fieldChoices(field);
  if (f.type === "array") {
    const picked = answer
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const wrong = picked.filter((value) => choices && !choices.includes(value));
    if (wrong.length > 0) return { error: `not a choice: ${wrong.join(", ")}` };
    return { value: picked };
  }
  if (choices) {
    return choices.includes(answer)
      ? { value: answer }
      : { error: `choose one of: ${choices.join(", ")}` };
  }
  if (f.type === "boolean") {
    if (/^(y|yes|true)$/i.test(answer)) return { value: true };
    if (/^(n|no|false)$/i.test(answer)) return { value: false };
    return { error: "answer y or n" };
  }
  if (f.type === "number" || f.type === "integer") {
    const number = Number(answer);
    if (answer === "" || Number.isNaN(number)) return { error: `expected a number, e.g. 42` };
    if (f.type === "integer" && !Number.isInteger(number))
      return { error: "expected a whole number" };
    if (f.minimum !== undefined && number < f.minimum) return { error: `at least ${f.minimum}` };
    if (f.maximum !== undefined && number > f.maximum) return { error: `at most ${f.maximum}` };
    return { value: number };
  }
  return { value: answer };
}
