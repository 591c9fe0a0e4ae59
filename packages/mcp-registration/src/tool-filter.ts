import picomatch from "picomatch";

/** Which tools of a server to register. Entries are exact tool names or glob patterns. */
export interface ToolFilter {
  /** Allowlist: only tools matching an entry are registered. Wins over `exclude`. */
  include?: string[];
  /** Blocklist: tools matching an entry are not registered (unless `include` names them). */
  exclude?: string[];
}

/** Why a tool was left out by the filter. */
export type FilterSkipReason = "not-included" | "excluded";

/** Outcome of {@link filterToolNames}. */
export interface FilterOutcome {
  kept: string[];
  skipped: { tool: string; reason: FilterSkipReason }[];
  warnings: string[];
}

type Matcher = (name: string) => boolean;

// `bash: true` lets `*` match any character (tool names may contain `/`); `dot: true` lets
// patterns match names that start with a dot. An exact name always matches itself even if
// it contains glob syntax such as `(` or `[`.
function compile(pattern: string): Matcher {
  const glob = picomatch(pattern, { bash: true, dot: true });
  return (name) => name === pattern || glob(name);
}

/**
 * Applies include/exclude to a server's tool names, in the server's order.
 * - no lists (or empty ones): every tool is kept;
 * - `include` only: tools matching an entry are kept, others skipped as `not-included`;
 * - `exclude` only: tools matching an entry are skipped as `excluded`;
 * - both: a tool matching `include` is kept even when `exclude` also matches it (include
 *   wins); a tool matching only `exclude` is `excluded`; the rest are `not-included`.
 * An `include` or `exclude` entry that matches no tool at all becomes a warning, so a typo
 * is visible rather than silently exposing or hiding tools.
 */
export function filterToolNames(names: readonly string[], filter: ToolFilter = {}): FilterOutcome {
  const include = (filter.include ?? []).map((pattern) => ({
    pattern,
    match: compile(pattern),
    used: false,
  }));
  const exclude = (filter.exclude ?? []).map((pattern) => ({
    pattern,
    match: compile(pattern),
    used: false,
  }));
  const outcome: FilterOutcome = { kept: [], skipped: [], warnings: [] };
  for (const name of names) {
    let included = false;
    for (const entry of include) if (entry.match(name)) included = entry.used = true;
    let excluded = false;
    for (const entry of exclude) if (entry.match(name)) excluded = entry.used = true;
    if (included || (include.length === 0 && !excluded)) outcome.kept.push(name);
    else outcome.skipped.push({ tool: name, reason: excluded ? "excluded" : "not-included" });
  }
  for (const entry of include) {
    if (!entry.used)
      outcome.warnings.push(`include entry "${entry.pattern}" matches no tool of this server`);
  }
  for (const entry of exclude) {
    if (!entry.used)
      outcome.warnings.push(`exclude entry "${entry.pattern}" matches no tool of this server`);
  }
  return outcome;
}
