// The baseline of /work/shared/toolret/bm25.mjs, same method, so both rank in one run: Lucene
// BM25 (k1 1.2, b 0.75) over name + description (or also parameter names and descriptions),
// tokens lower-cased [a-z0-9] runs of two or more, English stop words dropped, no stemming,
// each distinct query term once, ties in corpus order.
import type { ToolDefinition } from "@tinyloop/registry";

const STOP = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off " +
    "on once only or other our ours ourselves out over own same she should so some such than that the their theirs " +
    "them themselves then there these they this those through to too under until up very was we were what when where " +
    "which while who whom why will with would you your yours yourself yourselves"
  ).split(" "),
);

function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
    (t) => t.length >= 2 && !STOP.has(t),
  );
}

function documentText(tool: ToolDefinition, full: boolean): string {
  if (!full) return `${tool.name} ${tool.description}`;
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { description?: string }
  >;
  const params = Object.entries(properties).map(([k, p]) => `${k} ${p.description ?? ""}`);
  return [tool.name, tool.description, ...params].join(" ");
}

/** A plain BM25 index over `tools`; `rank` answers the names of the top `k`. */
export class PlainBm25 {
  readonly #names: string[];
  readonly #postings = new Map<string, [number, number][]>();
  readonly #docLength: Float64Array;
  readonly #avgLength: number;

  constructor(tools: readonly ToolDefinition[], full = false) {
    this.#names = tools.map((tool) => tool.name);
    this.#docLength = new Float64Array(tools.length);
    tools.forEach((tool, d) => {
      const tokens = tokenize(documentText(tool, full));
      this.#docLength[d] = tokens.length;
      const tf = new Map<string, number>();
      for (const token of tokens) tf.set(token, (tf.get(token) ?? 0) + 1);
      for (const [token, n] of tf) {
        const list = this.#postings.get(token) ?? [];
        list.push([d, n]);
        this.#postings.set(token, list);
      }
    });
    this.#avgLength = this.#docLength.reduce((s, x) => s + x, 0) / Math.max(1, tools.length);
  }

  rank(query: string, k: number): string[] {
    const n = this.#names.length;
    const scores = new Float64Array(n);
    for (const term of new Set(tokenize(query))) {
      const list = this.#postings.get(term);
      if (list === undefined) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [d, tf] of list) {
        scores[d] =
          (scores[d] ?? 0) +
          (idf * tf * 2.2) /
            (tf + 1.2 * (0.25 + (0.75 * (this.#docLength[d] ?? 0)) / this.#avgLength));
      }
    }
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((x, y) => (scores[y] ?? 0) - (scores[x] ?? 0) || x - y);
    return order.slice(0, k).map((d) => this.#names[d]!);
  }
}
