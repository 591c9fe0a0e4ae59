/** Weight of a known term that a keyword begins (`forec` → `forecast`), against 1 for the word itself. */
const PREFIX_WEIGHT = 0.375;
/** Weight of a known term one typo from a keyword (`isues` → `issues`). */
const TYPO_WEIGHT = 0.45;

/** Whether `a` and `b` differ by one inserted, deleted or changed letter (or not at all). */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The known terms a short keyword query's `term` also matches, with their weights: terms it
 * begins (keywords of 3+ letters) and terms one typo away (keywords of 5+ letters), both
 * scored below the word itself. Terms starting with `~` (folded forms) are not matched.
 */
export function keywordExpansion(term: string, known: Iterable<string>): Map<string, number> {
  const expansion = new Map<string, number>();
  if (term.length < 3) return expansion;
  for (const candidate of known) {
    if (candidate === term || candidate.startsWith("~")) continue;
    if (candidate.startsWith(term)) expansion.set(candidate, PREFIX_WEIGHT);
    else if (term.length >= 5 && withinOneEdit(term, candidate))
      expansion.set(candidate, TYPO_WEIGHT);
  }
  return expansion;
}
