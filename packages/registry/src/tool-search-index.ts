import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { queryClauses } from "./query-clauses.js";
import { searchTerm, searchWords, splitWords } from "./search-terms.js";
import { type ToolSearchDocument, toolSearchDocument } from "./tool-search-document.js";
import type { ToolDefinition } from "./types.js";

/** One tool found by a search, best first. */
export interface ToolSearchMatch {
  definition: ToolDefinition;
  /** Relevance; only the order means something. */
  score: number;
  /** The query named this tool exactly (registered name or its name on the MCP server). */
  exact: boolean;
}

/** Options of a tool search ({@link ToolSearchIndex.search}, `ToolRegistry.search`, `searchTools`). */
export interface SearchToolsOptions {
  /** Most matches returned. Default 5. */
  limit?: number;
  /** Only tools for which this answers `true` are returned (say, the tools not offered yet). */
  among?: (name: string) => boolean;
}

/** Default of {@link SearchToolsOptions.limit}. */
export const DEFAULT_SEARCH_LIMIT = 5;

// Chosen on the even-numbered half of ToolRet-APIGen's queries (see the README's Search section).
const FIELD_WEIGHTS = {
  name: 1,
  server: 0.5,
  description: 1,
  parameterNames: 0.5,
  parameterDescriptions: 0.3,
};
const BM25 = { k: 1.2, b: 0.75, d: 0 };
/** Up to this many words a query is taken as keywords: prefix and fuzzy matching on. */
const KEYWORD_QUERY_TERMS = 3;
/**
 * A long request's words found in more than this share of the tools (and in more than
 * COMMON_TERM_MIN_TOOLS) are not searched: they weigh little in BM25 and cost the most time.
 */
const COMMON_TERM_SHARE = 0.1;
const COMMON_TERM_MIN_TOOLS = 50;

/** Words with `_` or `-` inside, as tool names are and prose words are not. */
const NAME_SHAPED = /\w[_-]\w/;

const keywordOptions: SearchOptions = {
  prefix: (term) => term.length >= 3,
  // One typo or a plural's "s" in words of five letters or more: "isues", "issue" for "issues".
  fuzzy: (term) => (term.length >= 5 ? 1 : false),
};

/**
 * The full-text index of a tool list (MiniSearch, BM25 over weighted fields: the tool's own
 * name, its server and toolset, description, parameter names and parameter descriptions).
 * Kept up to date with {@link add}, {@link remove}; searching never rebuilds it.
 */
export class ToolSearchIndex {
  readonly #index = new MiniSearch<ToolSearchDocument>({
    fields: Object.keys(FIELD_WEIGHTS),
    tokenize: splitWords,
    processTerm: (word) => {
      const term = searchTerm(word);
      if (term !== null) this.#termsOfAdded?.add(term);
      return term;
    },
    searchOptions: { boost: FIELD_WEIGHTS, bm25: BM25 },
  });
  /** While a tool is being added: its terms, collected as MiniSearch indexes it. */
  #termsOfAdded: Set<string> | undefined;
  readonly #definitions = new Map<string, ToolDefinition>();
  /** Lower-cased exact names (registered and on the server) → registered names. */
  readonly #exactNames = new Map<string, Set<string>>();
  /** How many tools each term occurs in, to leave the most common ones out of long requests. */
  readonly #toolsWithTerm = new Map<string, number>();

  constructor(tools: Iterable<ToolDefinition> = []) {
    for (const definition of tools) this.add(definition);
  }

  /** Number of tools indexed. */
  get size(): number {
    return this.#definitions.size;
  }

  /** Adds a tool, or replaces the tool of the same name. */
  add(definition: ToolDefinition): void {
    const known = this.#definitions.has(definition.name);
    if (known) this.#forget(definition.name);
    this.#remember(definition);
    this.#termsOfAdded = new Set();
    if (known) this.#index.replace(toolSearchDocument(definition));
    else this.#index.add(toolSearchDocument(definition));
    this.#count(this.#termsOfAdded, 1);
    this.#termsOfAdded = undefined;
  }

  /** Removes a tool by registered name; returns whether it was indexed. */
  remove(name: string): boolean {
    if (!this.#definitions.has(name)) return false;
    this.#forget(name);
    this.#index.discard(name);
    return true;
  }

  /**
   * Finds the tools best matching `query`. A tool's registered name or its name on the MCP
   * server (any case) comes first when the query is nothing but names ("read_file",
   * "create_issue, list_issues") or holds the name as a `_`/`-` word ("use read_file"); a plain
   * word in a sentence is not taken for a name. Up to three words are taken as keywords and
   * also match word beginnings and words one typo away; a longer request is split into its
   * asks, each searched, so that a request for two tools finds both, and its words found in
   * more than a tenth of the tools are not searched. Tools matching no word are left out, so
   * the answer may be empty.
   */
  search(query: string, options: SearchToolsOptions = {}): ToolSearchMatch[] {
    const limit = Math.max(0, options.limit ?? DEFAULT_SEARCH_LIMIT);
    const among = options.among ?? (() => true);
    const matches: ToolSearchMatch[] = [];
    const exact = new Set<string>();
    for (const name of this.#exactMatches(query)) {
      if (exact.has(name) || !among(name)) continue;
      exact.add(name);
      matches.push({ definition: this.#definitions.get(name)!, score: Infinity, exact: true });
    }
    for (const [name, score] of this.#rank(query, among)) {
      if (matches.length >= limit) break;
      if (!exact.has(name))
        matches.push({ definition: this.#definitions.get(name)!, score, exact: false });
    }
    return matches.slice(0, limit);
  }

  #rank(query: string, among: (name: string) => boolean): [string, number][] {
    const terms = [...new Set(searchWords(query))];
    if (terms.length === 0) return [];
    const filter = (result: SearchResult) => among(result.id as string);
    const run = (words: string[], extra: SearchOptions = {}) =>
      this.#index.search(words.join(" "), { ...extra, filter });
    if (terms.length <= KEYWORD_QUERY_TERMS) {
      return run(terms, keywordOptions).map((result) => [result.id as string, result.score]);
    }
    const clauses = queryClauses(query);
    if (clauses.length < 2) {
      return run(this.#distinctive(terms)).map((result) => [result.id as string, result.score]);
    }
    // Each ask is searched once. A tool scores its share of the best total over all asks (how
    // well it fits the whole request) plus its best share in any one ask, so that the best
    // tool of every ask comes near the top, however short that ask is.
    const total = new Map<string, number>();
    const bestShare = new Map<string, number>();
    for (const clause of clauses) {
      const results = run(this.#distinctive([...new Set(searchWords(clause))]));
      const best = results[0]?.score ?? 0;
      for (const result of results) {
        const name = result.id as string;
        total.set(name, (total.get(name) ?? 0) + result.score);
        bestShare.set(name, Math.max(bestShare.get(name) ?? 0, result.score / best));
      }
    }
    let bestTotal = 0;
    for (const score of total.values()) bestTotal = Math.max(bestTotal, score);
    const fused: [string, number][] = [];
    for (const [name, score] of total) {
      fused.push([name, score / bestTotal + (bestShare.get(name) ?? 0)]);
    }
    return fused.sort((a, b) => b[1] - a[1]);
  }

  /**
   * Registered names the query names exactly: a query that is nothing but names (one, or a
   * list), or a name-shaped word in a sentence ("use read_file"). A plain word in a sentence
   * ("search for movies") is not taken as the name of a tool called `search`.
   */
  #exactMatches(query: string): string[] {
    const parts = query
      .split(/[\s,]+/)
      .map((part) => part.replace(/^[("'`]+|[)"'`.:;!?]+$/g, "").toLowerCase())
      .filter((part) => part !== "");
    const namesOnly = parts.every((part) => this.#exactNames.has(part));
    const names: string[] = [];
    for (const part of parts) {
      if (!namesOnly && !NAME_SHAPED.test(part)) continue;
      const found = this.#exactNames.get(part);
      if (found !== undefined) names.push(...found);
    }
    return names;
  }

  #count(terms: Iterable<string>, delta: 1 | -1): void {
    for (const term of terms) {
      const count = (this.#toolsWithTerm.get(term) ?? 0) + delta;
      if (count > 0) this.#toolsWithTerm.set(term, count);
      else this.#toolsWithTerm.delete(term);
    }
  }

  /**
   * The terms of a long request worth searching: those found in at most COMMON_TERM_SHARE of
   * the tools (or COMMON_TERM_MIN_TOOLS), or all of them when every one is that common.
   */
  #distinctive(terms: string[]): string[] {
    const limit = Math.max(COMMON_TERM_MIN_TOOLS, this.#definitions.size * COMMON_TERM_SHARE);
    const kept = terms.filter((term) => (this.#toolsWithTerm.get(term) ?? 0) <= limit);
    return kept.length > 0 ? kept : terms;
  }

  #remember(definition: ToolDefinition): void {
    this.#definitions.set(definition.name, definition);
    for (const key of exactKeys(definition)) {
      const names = this.#exactNames.get(key) ?? new Set<string>();
      names.add(definition.name);
      this.#exactNames.set(key, names);
    }
  }

  #forget(name: string): void {
    const definition = this.#definitions.get(name);
    if (definition === undefined) return;
    const document = toolSearchDocument(definition);
    const text = `${document.name} ${document.server} ${document.description} ${document.parameterNames} ${document.parameterDescriptions}`;
    this.#count(new Set(searchWords(text)), -1);
    this.#definitions.delete(name);
    for (const key of exactKeys(definition)) {
      const names = this.#exactNames.get(key);
      names?.delete(name);
      if (names?.size === 0) this.#exactNames.delete(key);
    }
  }
}

function exactKeys(definition: ToolDefinition): string[] {
  const keys = [definition.name.toLowerCase()];
  if (definition.source !== undefined) keys.push(definition.source.tool.toLowerCase());
  return keys;
}
