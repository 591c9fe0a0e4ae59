import type { ToolResult } from "./content.js";
import type { ToolDefinition } from "./types.js";

/** What a name a model called stands for: see {@link resolveToolName}. */
export type ToolNameResolution =
  /** The tool to run; `resolvedFrom` is the name called when it was an MCP tool's own name. */
  | { kind: "found"; definition: ToolDefinition; resolvedFrom?: string }
  /** The name is the own name of several MCP tools (of different servers). */
  | { kind: "ambiguous"; candidates: ToolDefinition[] }
  | { kind: "unknown" };

/** The `_meta` key of a result whose call named an MCP tool by its own, unprefixed name. */
export const RESOLVED_NAME_META = "tinyloop/resolvedName";

/**
 * The tool a called `name` stands for among `tools`: the tool of that exact name; else, when
 * no tool at all has that name (`taken` says; a built-in always keeps its name), the one MCP
 * tool whose own name on its server is `name` (a prompt written for another client says
 * `list_directory` where tinyloop offers `mcp_filesystem_list_directory`). Several such MCP
 * tools are `ambiguous`: nothing runs.
 */
export function resolveToolName(
  name: string,
  tools: Iterable<ToolDefinition>,
  taken: (name: string) => boolean = () => false,
): ToolNameResolution {
  const candidates: ToolDefinition[] = [];
  for (const definition of tools) {
    if (definition.name === name) return { kind: "found", definition };
    if (definition.source?.tool === name) candidates.push(definition);
  }
  if (taken(name) || candidates.length === 0) return { kind: "unknown" };
  const [only] = candidates;
  if (candidates.length === 1 && only)
    return { kind: "found", definition: only, resolvedFrom: name };
  return { kind: "ambiguous", candidates };
}

/** `result` marked (in `_meta`) as the result of `ran`, called by its own name `called`. */
export function withResolvedName(result: ToolResult, called: string, ran: string): ToolResult {
  return { ...result, _meta: { ...result._meta, [RESOLVED_NAME_META]: { called, ran } } };
}
