import type * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

let englishMap: z.core.$ZodErrorMap | undefined;

/**
 * zod's English messages (`Invalid key in record`), for the `error` option
 * of one parse. `zod/mini` installs no locale (classic `zod` installs English globally when
 * it is imported), so without this a message we pass on from zod would read "Invalid input",
 * or be English only because some other module happened to load classic zod. Given per
 * parse, it leaves zod's global config in the user's process alone. Our own `{ error: "…" }`
 * texts on a schema still win over it. (agent-files keeps its own copy of these lines, so
 * that neither package exports a zod helper.)
 */
export function englishErrors(): z.core.$ZodErrorMap {
  englishMap ??= en().localeError;
  return englishMap;
}
