import type { KeyPath } from "./format-key-path.js";

/**
 * The value at `path` inside `root`, or undefined where the path leads nowhere: what an
 * error at that path found (`describeValue(valueAt(input, issue.path))`).
 */
export function valueAt(root: unknown, path: KeyPath): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
