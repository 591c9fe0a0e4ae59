// hit@1, recall@5 and NDCG@10 with binary relevance, as in /work/shared/toolret/bm25.mjs.

/** Mean figures over a query set, each in [0, 1]. */
export interface RetrievalFigures {
  hitAt1: number;
  recallAt5: number;
  ndcgAt10: number;
}

/** Sums per-query figures; `mean()` gives the averages. */
export class RetrievalScore {
  #n = 0;
  #hit1 = 0;
  #recall5 = 0;
  #ndcg10 = 0;

  /** Adds one query: its ranked ids (best first, at least 10 when there are) and its relevant ids. */
  add(ranked: readonly string[], relevant: readonly string[]): void {
    const rel = new Set(relevant);
    const top = ranked.slice(0, 10);
    this.#n += 1;
    this.#hit1 += top[0] !== undefined && rel.has(top[0]) ? 1 : 0;
    this.#recall5 += top.slice(0, 5).filter((id) => rel.has(id)).length / rel.size;
    let dcg = 0;
    top.forEach((id, i) => {
      if (rel.has(id)) dcg += 1 / Math.log2(i + 2);
    });
    let idcg = 0;
    for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / Math.log2(i + 2);
    this.#ndcg10 += dcg / idcg;
  }

  /** The means so far. */
  mean(): RetrievalFigures {
    const n = Math.max(1, this.#n);
    return { hitAt1: this.#hit1 / n, recallAt5: this.#recall5 / n, ndcgAt10: this.#ndcg10 / n };
  }
}
