import {
  type SearchToolsOptions,
  ToolSearchIndex,
  type ToolSearchMatch,
} from "./tool-search-index.js";
import type { ToolDefinition } from "./types.js";

/**
 * Finds the tools among `tools` best matching `query`, ranked as {@link ToolSearchIndex.search}
 * ranks them. It indexes `tools` on every call: to search the same tools repeatedly, use
 * `ToolRegistry.search` (whose index is kept up to date) or a {@link ToolSearchIndex}.
 */
export function searchTools(
  tools: readonly ToolDefinition[],
  query: string,
  options: SearchToolsOptions = {},
): ToolSearchMatch[] {
  return new ToolSearchIndex(tools).search(query, options);
}
