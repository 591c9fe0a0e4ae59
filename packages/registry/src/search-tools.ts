import type { ToolDefinition } from "./types.js";

/** One tool found by {@link searchTools}, best first. */
export interface ToolSearchMatch {
  definition: ToolDefinition;
  /** Relevance; only the order means something. */
  score: number;
  /** The query named this tool exactly (registered name or its name on the MCP server). */
  exact: boolean;
}

/** Options of {@link searchTools}. */
export interface SearchToolsOptions {
  /** Most matches returned. Default 5. */
  limit?: number;
}

/** Default of {@link SearchToolsOptions.limit}. */
export const DEFAULT_SEARCH_LIMIT = 5;

const EXACT_SCORE = 1_000;
const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from how i in is it me my of on or some that the this to use want what which with you".split(
    " ",
  ),
);

/** Lower-case words of `text`: split at non-alphanumerics and camelCase humps, light stemming. */
export function searchWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !STOP_WORDS.has(word))
    .map(stem);
}

/** `issues` → `issue`, `listing` → `list`: enough for tool names and short descriptions. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("es") && !word.endsWith("ses")) return word.slice(0, -1);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function parameterNames(definition: ToolDefinition): string[] {
  const properties = definition.inputSchema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.keys(properties);
}

interface Indexed {
  definition: ToolDefinition;
  exactNames: string[];
  nameText: string;
  name: Set<string>;
  parameters: Set<string>;
  description: Set<string>;
}

function index(definition: ToolDefinition): Indexed {
  const names = [definition.name, ...(definition.source ? [definition.source.tool] : [])];
  return {
    definition,
    exactNames: names.map((name) => name.toLowerCase()),
    nameText: names.join(" ").toLowerCase(),
    name: new Set(names.flatMap(searchWords)),
    parameters: new Set(parameterNames(definition).flatMap(searchWords)),
    description: new Set(searchWords(definition.description)),
  };
}

function termScore(tool: Indexed, term: string): number {
  let score = 0;
  if (tool.name.has(term)) score += 3;
  else if (term.length >= 3 && tool.nameText.includes(term)) score += 2;
  if (tool.parameters.has(term)) score += 1.5;
  if (tool.description.has(term)) score += 1;
  return score;
}

/**
 * Finds the tools best matching `query` by name, description and parameter names. A query
 * (or one of its space- or comma-separated parts) equal to a tool's registered name or its
 * name on the MCP server always ranks that tool first. Tools that match no word of the
 * query are left out, so the answer may be empty.
 */
export function searchTools(
  tools: readonly ToolDefinition[],
  query: string,
  options: SearchToolsOptions = {},
): ToolSearchMatch[] {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  const parts = new Set(
    [query, ...query.split(/[\s,]+/)].map((part) => part.trim().toLowerCase()).filter(Boolean),
  );
  const terms = [...new Set(searchWords(query))];
  const matches: ToolSearchMatch[] = [];
  for (const definition of tools) {
    const tool = index(definition);
    const exact = tool.exactNames.some((name) => parts.has(name));
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      const points = termScore(tool, term);
      score += points;
      if (points > 0) matched++;
    }
    // A tool matching more of the query's words beats one matching one word many ways.
    if (terms.length > 0) score *= matched / terms.length;
    if (exact) score += EXACT_SCORE;
    if (score > 0) matches.push({ definition, score, exact });
  }
  // Array.prototype.sort is stable: equal scores keep registration order.
  return matches.sort((a, b) => b.score - a.score).slice(0, Math.max(0, limit));
}
