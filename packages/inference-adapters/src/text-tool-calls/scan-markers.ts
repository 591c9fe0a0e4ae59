/** Where the next marker starts in `text`, or where one might start once more text arrives. */
export type MarkerScan<Rule> =
  | { found: true; index: number; rule: Rule }
  | { found: false; safeUpTo: number };

/**
 * Finds the earliest marker in `text` among `rules`. When the text ends with a part of a
 * marker (or a longer marker could still match where a shorter one did), it reports
 * `found: false` with `safeUpTo`, the length that can be released without cutting a marker.
 * With `final`, nothing more will come: partial markers are plain text. `anchorAt`, when not
 * undefined, is the only index where anchored rules may match.
 */
export function scanMarkers<Rule extends { start: string; anchored?: boolean }>(
  text: string,
  rules: readonly Rule[],
  final: boolean,
  anchorAt: number | undefined,
): MarkerScan<Rule> {
  const firsts = firstChars(rules);
  for (let index = nextCandidate(text, 0, firsts); index < text.length; ) {
    let best: Rule | undefined;
    let undecided = false;
    for (const rule of rules) {
      if (rule.anchored && index !== anchorAt) continue;
      if (text.startsWith(rule.start, index)) {
        if (!best || rule.start.length > best.start.length) best = rule;
      } else if (
        !final &&
        text.length - index < rule.start.length &&
        rule.start.startsWith(text.slice(index))
      ) {
        undecided = true; // the text ends inside this marker
      }
    }
    // A longer marker that could still match here wins over a shorter one that did.
    if (undecided && (!best || longerStillPossible(text, index, best, rules, anchorAt))) {
      return { found: false, safeUpTo: index };
    }
    if (best) return { found: true, index, rule: best };
    index = nextCandidate(text, index + 1, firsts);
  }
  return { found: false, safeUpTo: text.length };
}

// Markers are only looked for where one of their first characters stands: most answer text
// holds none, and is then passed over with one indexOf per first character.
const firstCharCache = new WeakMap<readonly object[], string[]>();

function firstChars(rules: readonly { start: string }[]): string[] {
  let chars = firstCharCache.get(rules);
  if (!chars) {
    chars = [...new Set(rules.map((rule) => rule.start[0] ?? ""))].filter((char) => char !== "");
    firstCharCache.set(rules, chars);
  }
  return chars;
}

function nextCandidate(text: string, from: number, firsts: readonly string[]): number {
  let next = text.length;
  for (const char of firsts) {
    const at = text.indexOf(char, from);
    if (at >= 0 && at < next) next = at;
  }
  return next;
}

function longerStillPossible<Rule extends { start: string; anchored?: boolean }>(
  text: string,
  index: number,
  best: Rule,
  rules: readonly Rule[],
  anchorAt: number | undefined,
): boolean {
  const rest = text.slice(index);
  return rules.some(
    (rule) =>
      (!rule.anchored || index === anchorAt) &&
      rule.start.length > best.start.length &&
      rule.start.startsWith(rest),
  );
}
