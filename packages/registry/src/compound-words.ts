/** Parts shorter than this are not split off: "get" is the shortest word worth finding. */
const MIN_PART = 3;

/**
 * The words a run-together name is made of (`emailverifier` → `email`, `verifier`;
 * `getforecastweather` → `get`, `forecast`, `weather`), as the fewest words that `isWord`
 * knows, or `undefined` when the name is a known word itself or cannot be split so. Tool sets
 * are full of such names, and the words are found in the tools' own descriptions.
 */
export function compoundParts(
  name: string,
  isWord: (word: string) => boolean,
): string[] | undefined {
  if (name.length < 2 * MIN_PART || isWord(name)) return undefined;
  // best[i]: the fewest known words spelling name.slice(0, i).
  const best: (string[] | undefined)[] = [[]];
  for (let i = 0; i < name.length; i++) {
    const before = best[i];
    if (before === undefined) continue;
    for (let j = i + MIN_PART; j <= name.length; j++) {
      const part = name.slice(i, j);
      if (!isWord(part)) continue;
      const known = best[j];
      if (known === undefined || known.length > before.length + 1) best[j] = [...before, part];
    }
  }
  const parts = best[name.length];
  return parts !== undefined && parts.length >= 2 ? parts : undefined;
}
