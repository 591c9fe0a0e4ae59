import { searchWords } from "./search-terms.js";

// Sentence ends, and the words that join requests ("…, and also …", "Furthermore, …").
const CLAUSE_BREAK =
  /(?<=[.?!;])\s+|\s*\b(?:also|additionally|furthermore|moreover|finally|then|and)\b,?\s*/i;

/**
 * Splits a request into the separate asks it makes: "Find the anime with ID 5. Also, search
 * movies about comedy" gives two clauses, each searched on its own so that a request for two
 * tools finds both. Clauses without a search word are dropped; a one-ask query gives itself.
 */
export function queryClauses(query: string): string[] {
  const clauses = query.split(CLAUSE_BREAK).filter((clause) => searchWords(clause).length > 0);
  return clauses.length > 0 ? clauses : [query];
}
