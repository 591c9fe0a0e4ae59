const WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  integer: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
  null: "null",
};

/**
 * A type's name (zod's `expected` of an `invalid_type` issue, a JSON Schema `type`) in words
 * that follow "expected": `a string`, `a whole number`, `true or false`, `a list`,
 * `an object`. A name it does not know is returned as it is.
 */
export function typeWords(typeName: string): string {
  return WORDS[typeName] ?? typeName;
}

/** Alternatives as one phrase: `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function oneOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}
