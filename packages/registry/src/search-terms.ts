/**
 * English words too common to tell tools apart (the list of the ToolRet BM25 baseline, plus
 * the filler of requests to a model: "please", "can", "get me"...). Kept out of the index and
 * out of queries.
 */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off " +
    "on once only or other our ours ourselves out over own same she should so some such than that the their theirs " +
    "them themselves then there these they this those through to too under until up very was we were what when where " +
    "which while who whom why will with would you your yours yourself yourselves also please"
  ).split(" "),
);

/**
 * Splits text into raw words: at every character that is not a letter or digit, and inside
 * names at camelCase humps (`getHTTPStatus` → `get`, `http`, `status`), so snake_case,
 * kebab-case and camelCase names give the same words as prose.
 */
export function splitWords(text: string): string[] {
  const humps = /[A-Z]/.test(text)
    ? text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    : text;
  return humps.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A raw word as it is indexed and searched, or `null` for a stop word or a single letter.
 * No stemming: on ToolRet-APIGen it cost ranking; plural and -ing forms of a short query are
 * caught by fuzzy and prefix matching instead.
 */
export function searchTerm(word: string): string | null {
  if (word.length < 2 && !/\d/.test(word)) return null;
  return STOP_WORDS.has(word) ? null : word;
}

/** Letters a word is cut to for its {@link foldedTerm}. */
const FOLDED_LENGTH = 5;

/**
 * A term cut to its first five letters and marked (`verifier`, `verify`, `verification` →
 * `~verif`), indexed in a field of its own with a low weight: it lets word forms meet without
 * stemming's losses, since a whole-word match still scores more.
 */
export function foldedTerm(term: string): string {
  return `~${term.slice(0, FOLDED_LENGTH)}`;
}

/** Lower-case search terms of `text`: {@link splitWords}, stop words and single letters dropped. */
export function searchWords(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = searchTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}
