import { searchWords } from "./search-terms.js";

/** A value in single, double or curly quotes, standing as a word of its own (not "I'm"). */
const QUOTED = /(?:^|[\s([,:])(?:'([^']+)'|"([^"]+)"|‘([^’]+)’|“([^”]+)”)(?=$|[\s,.?!)\]:;])/g;

/**
 * The search words of a request found only inside quoted values ("profanity in 'This weather
 * is terrible!'" → `weather`, `terrible`): they are what a tool is given, not what it does, so
 * they weigh less in the search.
 */
export function quotedOnlyWords(request: string): Set<string> {
  const quoted = new Set<string>();
  for (const match of request.matchAll(QUOTED)) {
    for (const word of searchWords(match[1] ?? match[2] ?? match[3] ?? match[4] ?? ""))
      quoted.add(word);
  }
  if (quoted.size === 0) return quoted;
  for (const word of searchWords(request.replace(QUOTED, " "))) quoted.delete(word);
  return quoted;
}
