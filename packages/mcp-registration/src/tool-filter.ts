import picomatch from "picomatch";

/**
 * Which tools of a server to register, by their names on the server. Entries are exact tool
 * names or glob patterns. `exclude` wins over `include`, as in the registry's `ListFilter`
 * (exact registered names): the one precedence rule of every tinyloop include/exclude pair.
 */
export interface ToolFilter {
  /** Allowlist: only tools matching an entry are registered (unless `exclude` names them). */
  include?: string[];
  /** Blocklist: tools matching an entry are never registered, whatever `include` says. */
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
 * - both: a tool matching `exclude` is `excluded` even when `include` also matches it
 *   (exclude wins, so `include: ["gh_*"], exclude: ["gh_delete_*"]` keeps every `gh_` tool
 *   but the deletes); a tool matching neither is `not-included`.
 * An entry that matches no tool at all becomes a warning, and so does an `include` entry
 * whose every match is excluded (formats where include wins, such as Hermes', would have
 * kept those tools), so a typo or a contradiction is visible rather than silently exposing
 * or hiding tools.
 */
export function filterToolNames(names: readonly string[], filter: ToolFilter = {}): FilterOutcome {
  const include = (filter.include ?? []).map((pattern) => ({
    pattern,
    match: compile(pattern),
    used: false,
    kept: false,
  }));
  const exclude = (filter.exclude ?? []).map((pattern) => ({
    pattern,
    match: compile(pattern),
    used: false,
  }));
  const outcome: FilterOutcome = { kept: [], skipped: [], warnings: [] };
  for (const name of names) {
    let excluded = false;
    for (const entry of exclude) if (entry.match(name)) excluded = entry.used = true;
    const including = include.filter((entry) => entry.match(name));
    for (const entry of including) {
      entry.used = true;
      if (!excluded) entry.kept = true;
    }
    if (excluded) outcome.skipped.push({ tool: name, reason: "excluded" });
    else if (include.length === 0 || including.length > 0) outcome.kept.push(name);
    else outcome.skipped.push({ tool: name, reason: "not-included" });
  }
  for (const entry of include) {
    if (!entry.used)
      outcome.warnings.push(`include entry "${entry.pattern}" matches no tool of this server`);
    else if (!entry.kept)
      outcome.warnings.push(
        `include entry "${entry.pattern}" matches only excluded tools: exclude wins, so none of them is registered`,
      );
  }
  for (const entry of exclude) {
    if (!entry.used)
      outcome.warnings.push(`exclude entry "${entry.pattern}" matches no tool of this server`);
  }
  return outcome;
}
