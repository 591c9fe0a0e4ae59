const SHOWN_CHARACTERS = 40;

/**
 * What a value is, in words that follow "got": `nothing`, `null`, `a list`, `an empty list`,
 * `an empty string`, `a string ("npx")`, `a number (3)`, `a boolean (true)`, `an object`.
 * Strings longer than 40 characters are cut (`...`), after `mask` (a file's secrets, say) has
 * been applied. Say `a string (value not shown)` yourself where the value may be a secret and
 * there is nothing to mask it with.
 */
export function describeValue(
  value: unknown,
  mask: (text: string) => string = (text) => text,
): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  switch (typeof value) {
    case "string": {
      if (value === "") return "an empty string";
      // Masked before it is cut: a cut secret would no longer be found whole.
      const text = mask(value);
      const shown =
        text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 3)}...` : text;
      return `a string (${JSON.stringify(shown)})`;
    }
    case "number":
      return `a number (${value})`;
    case "bigint":
      return `a bigint (${value})`;
    case "boolean":
      return `a boolean (${value})`;
    case "object":
      return "an object";
    case "function":
      return "a function";
    default:
      return `a ${typeof value}`;
  }
}
