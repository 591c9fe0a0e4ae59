// Which full-text library ranks tools best: MiniSearch, Orama and wink-bm25-text-search on
// ToolRet-APIGen, each over the same fields (name, description, parameter names and
// descriptions) with the same words (splitWords + stop words + light stemming) and the same
// field weights. Run with `pnpm --filter @tinyloop/registry bench:libraries`.
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import MiniSearch from "minisearch";
// @ts-expect-error wink-bm25-text-search ships no types
import winkBm25 from "wink-bm25-text-search";
import { searchWords, splitWords } from "../src/search-terms.js";
import { RetrievalScore } from "./retrieval-metrics.js";
import { loadToolRet } from "./toolret-data.js";

const data = loadToolRet();
const weights = { name: 2, description: 1, parameters: 0.5 };

function parameterText(schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
  return Object.entries(properties)
    .map(([name, p]) => `${name} ${p.description ?? ""}`)
    .join(" ");
}
const docs = data.tools.map((tool) => ({
  id: data.idOf.get(tool.name)!,
  name: splitWords(tool.name).join(" "),
  description: tool.description,
  parameters: parameterText(tool.inputSchema),
}));

interface Contender {
  name: string;
  build(): unknown;
  rank(index: unknown, query: string): string[];
}

const contenders: Contender[] = [
  {
    name: "MiniSearch 7.2",
    build() {
      const index = new MiniSearch({
        fields: ["name", "description", "parameters"],
        tokenize: (text) => splitWords(text),
        processTerm: (term) => searchWords(term)[0] ?? null,
        searchOptions: { boost: weights },
      });
      index.addAll(docs);
      return index;
    },
    rank: (index, query) =>
      (index as MiniSearch)
        .search(query)
        .slice(0, 10)
        .map((r) => r.id as string),
  },
  {
    name: "Orama 3.1",
    build() {
      const db = create({
        schema: { id: "string", name: "string", description: "string", parameters: "string" },
        components: {
          tokenizer: {
            language: "english",
            normalizationCache: new Map(),
            tokenize: (raw: string) => searchWords(raw),
          },
        },
      });
      insertMultiple(db, docs);
      return db;
    },
    rank(index, query) {
      const result = oramaSearch(index as never, {
        term: query,
        properties: ["name", "description", "parameters"] as never,
        boost: weights as never,
        // 1 ranks tools matching any word of the query, as the other two do; Orama's default
        // (0) keeps only tools that match every word.
        threshold: 1,
        limit: 10,
      }) as { hits: { document: { id: string } }[] };
      return result.hits.map((hit) => hit.document.id);
    },
  },
  {
    name: "wink-bm25-text-search 3.1",
    build() {
      const engine = winkBm25();
      engine.defineConfig({ fldWeights: weights, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
      engine.definePrepTasks([(text: string) => searchWords(text)]);
      for (const doc of docs) engine.addDoc(doc, doc.id);
      engine.consolidate();
      return engine;
    },
    rank: (index, query) =>
      (index as { search(q: string, n: number): [string, number][] })
        .search(query, 10)
        .map(([id]) => id),
  },
];

const pct = (x: number) => (100 * x).toFixed(1);
console.log(
  `${data.tools.length} tools, ${data.queries.length} queries, weights ${JSON.stringify(weights)}`,
);
console.log("| library | hit@1 | recall@5 | NDCG@10 | ms / query | build ms |");
console.log("|---|---|---|---|---|---|");
for (const contender of contenders) {
  const t0 = performance.now();
  const index = contender.build();
  const buildMs = performance.now() - t0;
  const score = new RetrievalScore();
  const t1 = performance.now();
  for (const q of data.queries) score.add(contender.rank(index, q.query), q.relevant);
  const ms = (performance.now() - t1) / data.queries.length;
  const f = score.mean();
  console.log(
    `| ${contender.name} | ${pct(f.hitAt1)} | ${pct(f.recallAt5)} | ${pct(f.ndcgAt10)} | ${ms.toFixed(2)} | ${buildMs.toFixed(0)} |`,
  );
}
