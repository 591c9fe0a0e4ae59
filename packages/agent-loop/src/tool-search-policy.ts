import type { ToolDefinition, ToolRegistry } from "@tinyloop/registry";

/**
 * When an agent keeps tools back behind `tool_search`:
 * - `"auto"` (default): tools marked deferred in the registry, and every MCP tool (one with
 *   a `source`) when the MCP tools' schemas would take at least the budget;
 * - `"always"`: tools marked deferred, and every MCP tool;
 * - `"never"`: nothing; every tool is offered, deferral marks are ignored.
 * A tool marked `deferred: false` (an `alwaysLoad` server) is always offered.
 */
export type ToolSearchMode = "auto" | "always" | "never";

/** The `auto` budget when the model's context size is unknown, in estimated tokens. */
export const DEFAULT_TOOL_SEARCH_BUDGET_TOKENS = 8_000;
/** The share of a known context window that `auto` lets tool schemas take. */
export const TOOL_SEARCH_CONTEXT_SHARE = 0.1;

/** Bytes of a tool as it goes on the wire: name, description and input schema as JSON. */
export function toolSpecBytes(definition: ToolDefinition): number {
  const json = JSON.stringify({
    name: definition.name,
    description: definition.description,
    parameters: definition.inputSchema,
  });
  return Buffer.byteLength(json, "utf8");
}

/**
 * A provider-neutral token estimate: one token per 4 bytes of JSON, the usual rule of
 * thumb for English text and JSON with BPE tokenizers (no tokenizer is bundled).
 */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}

/** The `auto` budget: 10 % of the context window when known, else 8,000 tokens. */
export function toolSearchBudget(contextWindow: number | undefined): number {
  return contextWindow === undefined
    ? DEFAULT_TOOL_SEARCH_BUDGET_TOKENS
    : Math.floor(contextWindow * TOOL_SEARCH_CONTEXT_SHARE);
}

/** The names of `tools` to keep back behind `tool_search` under `mode`. */
export function deferredNames(
  tools: readonly ToolDefinition[],
  registry: ToolRegistry,
  mode: ToolSearchMode,
  budgetTokens: number,
): Set<string> {
  const deferred = new Set<string>();
  if (mode === "never") return deferred;
  const undecidedMcp: ToolDefinition[] = [];
  for (const tool of tools) {
    const deferral = registry.deferral(tool.name);
    if (deferral === true) deferred.add(tool.name);
    else if (deferral === undefined && tool.source !== undefined) undecidedMcp.push(tool);
  }
  const bytes = undecidedMcp.reduce((sum, tool) => sum + toolSpecBytes(tool), 0);
  if (mode === "always" || estimateTokens(bytes) >= budgetTokens) {
    for (const tool of undecidedMcp) deferred.add(tool.name);
  }
  return deferred;
}
