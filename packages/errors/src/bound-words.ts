/**
 * The parts of a zod `too_small` / `too_big` issue that {@link boundWords} reads, typed by
 * shape so this package needs no zod (any zod 4 issue of those codes fits).
 */
export type BoundIssue =
  | {
      readonly code: "too_small";
      readonly origin: string;
      readonly minimum: number | bigint;
      readonly inclusive?: boolean;
      readonly exact?: boolean;
    }
  | {
      readonly code: "too_big";
      readonly origin: string;
      readonly maximum: number | bigint;
      readonly inclusive?: boolean;
      readonly exact?: boolean;
    };

const SIZED: Record<string, { noun: string; unit: string }> = {
  string: { noun: "a string", unit: "characters" },
  array: { noun: "a list", unit: "items" },
};

/**
 * What a value out of bounds should have been, worded to follow "expected": "a number more
 * than 0", "a number of 0 or more", "a whole number of 65535 or less", "a non-empty string",
 * "a list of at most 3 items". Undefined for an origin it has no words for (dates, files).
 */
export function boundWords(issue: BoundIssue): string | undefined {
  const small = issue.code === "too_small";
  const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive === true;
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    const noun = issue.origin === "int" ? "a whole number" : "a number";
    if (issue.exact) return `${noun} equal to ${limit}`;
    if (inclusive) return `${noun} of ${limit} or ${small ? "more" : "less"}`;
    return `${noun} ${small ? "more" : "less"} than ${limit}`;
  }
  const sized = SIZED[issue.origin];
  if (!sized) return undefined;
  if (small && !issue.exact && Number(limit) === (inclusive ? 1 : 0)) {
    return `a non-empty ${sized.noun.slice("a ".length)}`;
  }
  const count = inclusive ? Number(limit) : Number(limit) + (small ? 1 : -1);
  if (issue.exact) return `${sized.noun} of exactly ${count} ${sized.unit}`;
  return `${sized.noun} of ${small ? "at least" : "at most"} ${count} ${sized.unit}`;
}
