import { editDistance, formatKeyPath } from "@tinyloop/errors";
import type { ConfigPath } from "./config-path.js";

/** Keys a format knows: `null` = used; a string = known from another client, ignored for this reason. */
export type KnownKeys = Readonly<Record<string, string | null>>;

/** A warning about one key, before it is given a file position. */
export interface KeyWarning {
  path: ConfigPath;
  message: string;
}

/** The known key closest to `key` when it is a likely typo (`arg` → `args`), else undefined. */
export function didYouMean(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const allowed = Math.max(1, Math.floor(Math.min(key.length, best?.length ?? 0) / 3));
  return best !== undefined && bestDistance <= allowed ? best : undefined;
}

/**
 * One warning per key of `object` that the format does not use: other clients' keys say
 * why they are ignored; truly unknown keys are named, with a "did you mean" when close.
 * With `quietUnknown`, unknown keys warn only when they look like a typo.
 */
export function keyWarnings(
  object: Record<string, unknown>,
  known: KnownKeys,
  path: ConfigPath,
  { quietUnknown = false }: { quietUnknown?: boolean } = {},
): KeyWarning[] {
  const warnings: KeyWarning[] = [];
  const used = Object.keys(known).filter((k) => known[k] === null);
  for (const key of Object.keys(object)) {
    const note = Object.hasOwn(known, key) ? known[key] : undefined;
    if (note === null) continue;
    if (typeof note === "string") {
      warnings.push({ path: [...path, key], message: note });
      continue;
    }
    const guess = didYouMean(key, used);
    if (quietUnknown && !guess) continue;
    const where = formatKeyPath(path);
    warnings.push({
      path: [...path, key],
      message: `unknown key ${JSON.stringify(key)} in ${where}, ignored${guess ? `; did you mean ${JSON.stringify(guess)}?` : ""}`,
    });
  }
  return warnings;
}
