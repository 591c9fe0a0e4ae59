import type * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

// zod/mini installs no locale: without a map, every issue zod words itself reads "Invalid
// input". Classic zod installs English globally when it is imported, so messages used to
// depend on which other code had loaded it. Each of our parses passes English itself, and
// the user's process keeps whatever global zod config it has.

let english: z.core.$ZodErrorMap | undefined;

/**
 * Parse options that word zod's own issue messages in English (`Too big: expected number
 * to be <=65535`), whatever zod's global config is. Pass them to `safeParse`.
 */
export function inEnglish(): { error: z.core.$ZodErrorMap } {
  english ??= en().localeError;
  return { error: english };
}
