/**
 * What kind of JSON value a server sent, in words for a message: `missing`, `null`,
 * `an array`, `a string`, `a number`, `a boolean`, `an object` (`typeof` says "object" for
 * the first three kinds of these, which reads wrong in a message).
 */
export function describeShape(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
