import type { ListFilter, ToolDefinition } from "./types.js";

/** True when the filter restricts nothing (omitted or empty lists only). */
export function isUnrestricted(filter: ListFilter): boolean {
  return !filter.toolsets?.length && !filter.include?.length && !filter.exclude?.length;
}

/**
 * The tools of `all` that pass `filter`, in their order: in one of `toolsets` (when given),
 * named in `include` (when given), and not named in `exclude` (which wins). Exact names.
 */
export function applyFilter(all: readonly ToolDefinition[], filter: ListFilter): ToolDefinition[] {
  const toolsets = filter.toolsets?.length ? new Set(filter.toolsets) : undefined;
  const include = filter.include?.length ? new Set(filter.include) : undefined;
  const exclude = new Set(filter.exclude ?? []);
  return all.filter(
    (tool) =>
      (toolsets === undefined || toolsets.has(tool.toolset)) &&
      (include === undefined || include.has(tool.name)) &&
      !exclude.has(tool.name),
  );
}
