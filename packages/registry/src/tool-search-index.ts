import { compoundParts } from "./compound-words.js";
import { fuseAsks } from "./fuse-asks.js";
import { keywordExpansion } from "./keyword-expansion.js";
import { queryClauses } from "./query-clauses.js";
import { quotedOnlyWords } from "./quoted-values.js";
import { foldedTerm, searchWords } from "./search-terms.js";
import { toolSearchDocument } from "./tool-search-document.js";
import type { ToolDefinition } from "./types.js";
import { type FieldWeight, WeightedFieldIndex } from "./weighted-field-index.js";

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
const FIELD_WEIGHTS: Record<keyof ToolSearchTerms, FieldWeight> = {
  name: { weight: 1.5, b: 0.5 },
  server: { weight: 0.5, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameterNames: { weight: 0.5, b: 0.5 },
  parameterDescriptions: { weight: 0.5, b: 0.75 },
  folded: { weight: 0.15, b: 0.75 },
};
const K1 = 1.2;
/** Weight of a word found only in a quoted value of the request, against 1. */
const QUOTED_WEIGHT = 0.5;
/** Up to this many words a query is taken as keywords: prefix and typo matching on. */
const KEYWORD_QUERY_TERMS = 3;

/** Words with `_` or `-` inside, as tool names are and prose words are not. */
const NAME_SHAPED = /\w[_-]\w/;

/** The terms of each field of a tool, as indexed. */
interface ToolSearchTerms {
  name: string[];
  server: string[];
  description: string[];
  parameterNames: string[];
  parameterDescriptions: string[];
  /** The name's and description's terms as {@link foldedTerm}s. */
  folded: string[];
}

/**
 * The full-text index of a tool list: BM25F over weighted fields (the tool's own name, its
 * server and toolset, description, parameter names, parameter descriptions, and the folded
 * forms of name and description words). Run-together names are split into the words the
 * indexed descriptions use. Kept up to date with {@link add}, {@link remove}; searching never
 * rebuilds it.
 */
export class ToolSearchIndex {
  readonly #index = new WeightedFieldIndex(FIELD_WEIGHTS, K1);
  readonly #definitions = new Map<string, ToolDefinition>();
  /** Lower-cased exact names (registered and on the server) → registered names. */
  readonly #exactNames = new Map<string, Set<string>>();
  /** How many indexed tools use each word in their descriptions: what names are split into. */
  readonly #describedWords = new Map<string, number>();

  constructor(tools: Iterable<ToolDefinition> = []) {
    const list = [...tools].map((definition) => ({ definition, words: toolWords(definition) }));
    // Every description's words first, so that each name is split against all of them.
    for (const { words } of list) this.#countDescribed(words, 1);
    for (const { definition, words } of list) {
      this.remove(definition.name);
      this.#index.add(definition.name, this.#termsOf(words));
      this.#remember(definition);
    }
  }

  /** Number of tools indexed. */
  get size(): number {
    return this.#definitions.size;
  }

  /** Adds a tool, or replaces the tool of the same name. */
  add(definition: ToolDefinition): void {
    this.remove(definition.name);
    const words = toolWords(definition);
    this.#countDescribed(words, 1);
    this.#index.add(definition.name, this.#termsOf(words));
    this.#remember(definition);
  }

  /** Removes a tool by registered name; returns whether it was indexed. */
  remove(name: string): boolean {
    const definition = this.#definitions.get(name);
    if (definition === undefined) return false;
    this.#forget(definition);
    this.#countDescribed(toolWords(definition), -1);
    this.#index.remove(name);
    return true;
  }

  /**
   * Finds the tools best matching `query`. A tool's registered name or its name on the MCP
   * server (any case) comes first when the query is nothing but names ("read_file",
   * "create_issue, list_issues") or holds the name as a `_`/`-` word ("use read_file"); a plain
   * word in a sentence is not taken for a name. Up to three words are taken as keywords and
   * also match word beginnings and words one typo away; a longer request is searched whole and
   * split into its asks, each searched, so that a request for two tools finds both. Tools
   * matching no word are left out, so the answer may be empty.
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
    for (const [name, score] of this.#rank(query, among, limit + exact.size)) {
      if (matches.length >= limit) break;
      if (!exact.has(name))
        matches.push({ definition: this.#definitions.get(name)!, score, exact: false });
    }
    return matches.slice(0, limit);
  }

  #rank(query: string, among: (name: string) => boolean, count: number): [string, number][] {
    const terms = [...new Set(searchWords(query))];
    if (terms.length === 0) return [];
    const quoted = quotedOnlyWords(query);
    const weights = queryWeights(terms, quoted);
    if (terms.length <= KEYWORD_QUERY_TERMS) {
      for (const term of terms) {
        for (const [known, weight] of keywordExpansion(term, this.#index.terms()))
          weights.set(known, Math.max(weights.get(known) ?? 0, weight));
      }
    }
    const whole = this.#index.score(weights, among);
    const clauses = terms.length > KEYWORD_QUERY_TERMS ? queryClauses(query) : [];
    if (clauses.length < 2) return this.#best(whole.slots, whole.score, count);
    return this.#best(
      whole.slots,
      fuseAsks(
        whole,
        clauses.map((clause) =>
          this.#index.score(queryWeights(searchWords(clause), quoted), among),
        ),
      ),
      count,
    );
  }

  /** The `count` best of `slots` by `score`, as names and scores. */
  #best(slots: number[], score: Float64Array, count: number): [string, number][] {
    const ranked = slots.sort((a, b) => score[b]! - score[a]! || a - b).slice(0, count);
    return ranked.map((slot) => [this.#index.idOf(slot), score[slot]!]);
  }

  /** The terms of each field of a tool, its name's run-together words split. */
  #termsOf(words: ToolWords): ToolSearchTerms {
    const isWord = (word: string) => this.#describedWords.has(word);
    const name = words.name.flatMap((word) => [word, ...(compoundParts(word, isWord) ?? [])]);
    return {
      ...words,
      name,
      folded: [...name, ...words.description].map(foldedTerm),
    };
  }

  /** Counts (or uncounts) the words a tool's description and parameters are described with. */
  #countDescribed(words: ToolWords, delta: 1 | -1): void {
    for (const word of new Set([...words.description, ...words.parameterDescriptions])) {
      const count = (this.#describedWords.get(word) ?? 0) + delta;
      if (count > 0) this.#describedWords.set(word, count);
      else this.#describedWords.delete(word);
    }
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

  #remember(definition: ToolDefinition): void {
    this.#definitions.set(definition.name, definition);
    for (const key of exactKeys(definition)) {
      const names = this.#exactNames.get(key) ?? new Set<string>();
      names.add(definition.name);
      this.#exactNames.set(key, names);
    }
  }

  #forget(definition: ToolDefinition): void {
    this.#definitions.delete(definition.name);
    for (const key of exactKeys(definition)) {
      const names = this.#exactNames.get(key);
      names?.delete(definition.name);
      if (names?.size === 0) this.#exactNames.delete(key);
    }
  }
}

/** The search words of each field of a tool's {@link toolSearchDocument}. */
type ToolWords = Omit<ToolSearchTerms, "folded">;

function toolWords(definition: ToolDefinition): ToolWords {
  const document = toolSearchDocument(definition);
  return {
    name: searchWords(document.name),
    server: searchWords(document.server),
    description: searchWords(document.description),
    parameterNames: searchWords(document.parameterNames),
    parameterDescriptions: searchWords(document.parameterDescriptions),
  };
}

/**
 * Each distinct term of a query with weight 1, its folded form too; words found only in
 * quoted values weigh QUOTED_WEIGHT.
 */
function queryWeights(terms: readonly string[], quoted: ReadonlySet<string>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms) {
    const weight = quoted.has(term) ? QUOTED_WEIGHT : 1;
    weights.set(term, weight);
    weights.set(foldedTerm(term), weight);
  }
  return weights;
}

function exactKeys(definition: ToolDefinition): string[] {
  const keys = [definition.name.toLowerCase()];
  if (definition.source !== undefined) keys.push(definition.source.tool.toLowerCase());
  return keys;
}
