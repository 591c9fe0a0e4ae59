import type * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

let englishMap: z.core.$ZodErrorMap | undefined;

/**
 * The error map of every parse of a file the user gave: bounds in plain words ("a number
 * more than 0", "a number of 0 or more", "a non-empty string"; see {@link boundWords}),
 * anything else in zod's English ("Invalid URL"…). `zod/mini` installs no locale (classic
 * `zod` installs English globally when it is imported), so without this a message we pass
 * on from zod would read "Invalid input", or be English only because some other module
 * happened to load classic zod. Given per parse, it leaves zod's global config in the
 * user's process alone. Our own `{ error: "…" }` texts on a schema still win over it.
 */
export function englishErrors(): z.core.$ZodErrorMap {
  if (englishMap) return englishMap;
  const english = en().localeError;
  englishMap = (issue) => {
    if (issue.code === "too_small" || issue.code === "too_big") {
      const words = boundWords(issue);
      if (words !== undefined) return words;
    }
    return english(issue);
  };
  return englishMap;
}

type BoundIssue =
  | Pick<z.core.$ZodIssueTooSmall, "code" | "origin" | "minimum" | "inclusive" | "exact">
  | Pick<z.core.$ZodIssueTooBig, "code" | "origin" | "maximum" | "inclusive" | "exact">;

const SIZED: Record<string, { noun: string; unit: string }> = {
  string: { noun: "a string", unit: "characters" },
  array: { noun: "a list", unit: "items" },
};

/**
 * What a value out of bounds should have been, worded to follow "expected": "a number more
 * than 0", "a number of 0 or more", "a number of 65535 or less", "a non-empty string",
 * "a list of at most 3 items". Undefined for an origin it has no words for.
 */
export function boundWords(issue: BoundIssue): string | undefined {
  const small = issue.code === "too_small";
  const limit = small ? issue.minimum : issue.maximum;
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
