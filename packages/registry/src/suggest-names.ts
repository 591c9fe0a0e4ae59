/**
 * Registered names closest to `wanted`, best first: small edit distance (case-insensitive)
 * or one name containing the other (`read_file` ↔ `mcp_fs_read_file`).
 */
export function suggestNames(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = wanted.toLowerCase();
  const threshold = Math.max(2, Math.floor(target.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of candidates) {
    const lower = name.toLowerCase();
    let score = editDistance(target, lower, threshold);
    if (
      score > threshold &&
      target.length >= 3 &&
      (lower.includes(target) || target.includes(lower))
    ) {
      score = threshold;
    }
    if (score <= threshold) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
