import { editDistance } from "@tinyloop/errors";

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
