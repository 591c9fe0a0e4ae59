import type * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { boundWords } from "../bound-words.js";

let englishMap: z.core.$ZodErrorMap | undefined;

/**
 * The error map for one parse of input a user gave: bounds in plain words ("a number of
 * 65535 or less", "a non-empty string"; see `boundWords`), anything else in zod's English
 * ("Invalid URL"). `zod/mini` installs no locale (classic `zod` installs English globally
 * when it is imported), so without this a message passed on from zod would read "Invalid
 * input", or be English only because some other module happened to load classic zod. Given
 * per parse (`schema.safeParse(input, { error: englishErrors() })`), it leaves zod's global
 * config in the user's process alone; a schema's own `{ error: "…" }` texts still win.
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
