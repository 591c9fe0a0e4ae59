/**
 * Matches registered tool names against allow-list entries: an entry is an exact name or a
 * pattern where `*` matches any characters (`mcp_files_*`, `*`); nothing else is special.
 * The one rule of every approval allow-list (`serve --allow-tool`, `run --allow-tool`).
 *
 * @example toolNameMatcher(["mcp_fs_read_*"])("mcp_fs_read_file") // true
 */
export function toolNameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const compiled = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split("*")
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
      ),
  );
  return (name) => compiled.some((pattern) => pattern.test(name));
}
