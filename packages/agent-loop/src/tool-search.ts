import {
  DEFAULT_SEARCH_LIMIT,
  parseToolArguments,
  type ToolDefinition,
  type ToolRegistry,
  type ToolResult,
} from "@tinyloop/registry";
import { AGENT_TOOLSET } from "./exit-tools.js";

/** Name of the agent's built-in search over deferred tools. */
export const TOOL_SEARCH = "tool_search";

const MAX_LIMIT = 20;
/** The first line of an answer that loaded tools; its count is the number of tool lines. */
const LOADED_HEADER = /^Loaded (\d+) tools?; /;
/** One loaded tool's line: `- name(required, …): first sentence`. */
const LOADED_LINE = /^- ([a-zA-Z0-9_-]{1,64})\(/;
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
    description: `Find and load tools: ${waiting.length} more waiting, from ${sets.join(", ")}${more}. Query: task keywords ("list issues", "read file") or exact tool names, comma-separated. Found tools callable from your next step. Search before deciding a tool is missing.`,
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description: 'Task keywords ("create issue"), or exact tool names, comma-separated.',
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

/** The first sentence or line of `text`, cut at {@link SHORT_DESCRIPTION} characters. */
function shortDescription(text: string): string {
  const first = text.trim().split(/\n|(?<=[.!?])\s/)[0] ?? "";
  return first.length > SHORT_DESCRIPTION ? `${first.slice(0, SHORT_DESCRIPTION - 1)}…` : first;
}

/** Names of the parameters a tool's schema requires, in schema order. */
function requiredParameters(definition: ToolDefinition): string[] {
  const required = definition.inputSchema.required;
  return Array.isArray(required)
    ? required.filter((name): name is string => typeof name === "string")
    : [];
}

function errorText(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Runs `tool_search`: finds the best matches among `deferred` with the registry's search
 * (its index is kept up to date by the registry), adds their names to `loaded` (offered
 * from the next model call on) and answers, per tool, its name, required parameters and
 * first sentence, as text and as `structuredContent.tools`.
 */
export function runToolSearch(
  rawArguments: string,
  registry: ToolRegistry,
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
  const waiting = new Set(deferred.map((tool) => tool.name));
  const matches = registry.search(query, {
    limit: limit ?? DEFAULT_SEARCH_LIMIT,
    among: (name) => waiting.has(name),
  });
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
    required: requiredParameters(definition),
  }));
  for (const tool of tools) loaded.add(tool.name);
  const lines = tools.map(
    (tool) => `- ${tool.name}(${tool.required.join(", ")}): ${tool.description}`,
  );
  return {
    content: [
      {
        type: "text",
        text: `Loaded ${tools.length} tool${tools.length === 1 ? "" : "s"}; call ${tools.length === 1 ? "it" : "them"} from your next step on (required parameters in parentheses):\n${lines.join("\n")}`,
      },
    ],
    structuredContent: { tools },
  };
}

/**
 * The names a `tool_search` answer says it loaded, read back from its text as history keeps
 * it (the reverse of {@link runToolSearch}'s answer): at most as many as one search may
 * load, none for any other text (no match, an error, an answer someone else wrote).
 */
export function namesLoadedBy(answer: string): string[] {
  const [header = "", ...lines] = answer.split("\n");
  const count = LOADED_HEADER.exec(header)?.[1];
  if (count === undefined) return [];
  const names: string[] = [];
  for (const line of lines.slice(0, Math.min(Number(count), MAX_LIMIT))) {
    const name = LOADED_LINE.exec(line)?.[1];
    if (name !== undefined) names.push(name);
  }
  return names;
}
