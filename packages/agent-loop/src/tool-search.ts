import {
  DEFAULT_SEARCH_LIMIT,
  parseToolArguments,
  searchTools,
  type ToolDefinition,
  type ToolResult,
} from "@tinyloop/registry";
import { AGENT_TOOLSET } from "./exit-tools.js";

/** Name of the agent's built-in search over deferred tools. */
export const TOOL_SEARCH = "tool_search";

const MAX_LIMIT = 20;
const MAX_TOOLSETS_SHOWN = 30;
const SHORT_DESCRIPTION = 160;

/**
 * The `tool_search` definition offered while some tools are kept back. Its description
 * says how many tools wait and from which toolsets, so the model knows what to look for.
 */
export function toolSearchDefinition(waiting: readonly ToolDefinition[]): ToolDefinition {
  const counts = new Map<string, number>();
  for (const tool of waiting) counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
  const sets = [...counts].slice(0, MAX_TOOLSETS_SHOWN).map(([set, n]) => `${set} (${n})`);
  const more = counts.size > MAX_TOOLSETS_SHOWN ? ", …" : "";
  return {
    name: TOOL_SEARCH,
    toolset: AGENT_TOOLSET,
    description: `${waiting.length} more ${waiting.length === 1 ? "tool is" : "tools are"} available but not loaded yet, from: ${sets.join(", ")}${more}. Search them by what you want to do, a tool name, or parameter names; the best matches are loaded and you can call them from your next step on. Search before concluding that a tool is missing.`,
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description:
            'Words describing the task ("list open issues"), or exact tool names separated by commas.',
        },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: MAX_LIMIT,
          description: `Most tools to load (default ${DEFAULT_SEARCH_LIMIT}).`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { title: "Search tools", readOnlyHint: true },
  };
}

function shortDescription(text: string): string {
  const first = text.trim().split(/\n\s*\n|(?<=[.!?])\s/)[0] ?? "";
  return first.length > SHORT_DESCRIPTION ? `${first.slice(0, SHORT_DESCRIPTION - 1)}…` : first;
}

function errorText(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Runs `tool_search`: finds the best matches among `deferred`, adds their names to
 * `loaded` (offered from the next model call on) and answers their names and short
 * descriptions, as text and as `structuredContent.tools`.
 */
export function runToolSearch(
  rawArguments: string,
  deferred: readonly ToolDefinition[],
  loaded: Set<string>,
): ToolResult {
  const parsed = parseToolArguments(rawArguments, TOOL_SEARCH);
  if (!parsed.ok) return errorText(parsed.message);
  const { query, limit } = parsed.value;
  if (typeof query !== "string" || query.trim() === "") {
    return errorText(
      `Invalid arguments for tool "${TOOL_SEARCH}": query must be a non-empty string, e.g. {"query": "list open issues"}.`,
    );
  }
  if (
    limit !== undefined &&
    !(typeof limit === "number" && Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT)
  ) {
    return errorText(
      `Invalid arguments for tool "${TOOL_SEARCH}": limit must be a whole number from 1 to ${MAX_LIMIT}, got ${JSON.stringify(limit)}.`,
    );
  }
  const matches = searchTools(deferred, query, { limit: limit ?? DEFAULT_SEARCH_LIMIT });
  if (matches.length === 0) {
    const examples = deferred
      .slice(0, 10)
      .map((tool) => tool.name)
      .join(", ");
    return {
      content: [
        {
          type: "text",
          text: `No tool matches "${query}". Try other words or a shorter query (the tools you already have are not searched; call them directly). Some of the ${deferred.length} tools that can be loaded: ${examples}${deferred.length > 10 ? ", …" : ""}.`,
        },
      ],
      structuredContent: { tools: [] },
    };
  }
  const tools = matches.map(({ definition }) => ({
    name: definition.name,
    description: shortDescription(definition.description),
  }));
  for (const tool of tools) loaded.add(tool.name);
  const lines = tools.map((tool) => `- ${tool.name}: ${tool.description}`);
  return {
    content: [
      {
        type: "text",
        text: `Loaded ${tools.length} tool${tools.length === 1 ? "" : "s"}; call ${tools.length === 1 ? "it" : "them"} from your next step on:\n${lines.join("\n")}`,
      },
    ],
    structuredContent: { tools },
  };
}
