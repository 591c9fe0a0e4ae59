/** How one field counts: its weight, and how much its length discounts a match (BM25's `b`). */
export interface FieldWeight {
  weight: number;
  b: number;
}

/** The scores of one search: `score[slot]` for each slot in `slots` (the documents matched). */
export interface SlotScores {
  slots: number[];
  score: Float64Array;
  /** The highest score, 0 when nothing matched. */
  max: number;
}

interface Postings {
  slots: number[];
  /** Term frequency in each field, packed: COUNT_BITS bits per field, field 0 lowest. */
  counts: number[];
}

/** Bits of a field's count in a packed entry: counts stop at 31, far past BM25's saturation. */
const COUNT_BITS = 5;
const COUNT_MAX = (1 << COUNT_BITS) - 1;
/** Fields that fit a packed entry as a small integer (30 bits). */
const MAX_FIELDS = 6;

/**
 * BM25F over weighted fields (Robertson and Zaragoza): a term's frequencies in the fields of a
 * document are weighted, each discounted by its field's length, summed, then saturated once
 * with `k1`, so a word in the name and the description counts more than in one, but not twice.
 * Documents are added and removed in place; a removed document's slot is reused.
 */
export class WeightedFieldIndex<Field extends string> {
  readonly #fields: Field[];
  readonly #weights: FieldWeight[];
  readonly #k1: number;
  readonly #postings = new Map<string, Postings>();
  readonly #slotOf = new Map<string, number>();
  readonly #ids: (string | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  /** Length of each field of each slot, `fields.length` numbers per slot. */
  readonly #lengths: number[] = [];
  readonly #lengthSums: number[];
  /** The distinct terms of each slot, to remove it. */
  readonly #termsOf: string[][] = [];

  constructor(fields: Record<Field, FieldWeight>, k1: number) {
    this.#fields = Object.keys(fields) as Field[];
    if (this.#fields.length > MAX_FIELDS) {
      throw new RangeError(
        `WeightedFieldIndex: expected at most ${MAX_FIELDS} fields, got ${this.#fields.length}; merge fields that weigh the same`,
      );
    }
    this.#weights = this.#fields.map((field) => fields[field]);
    this.#k1 = k1;
    this.#lengthSums = this.#fields.map(() => 0);
  }

  /** Number of documents indexed. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** The id of the document in `slot`. */
  idOf(slot: number): string {
    return this.#ids[slot]!;
  }

  /** How many documents hold `term` in any field. */
  documentsWith(term: string): number {
    return this.#postings.get(term)?.slots.length ?? 0;
  }

  /** Every term indexed. */
  terms(): IterableIterator<string> {
    return this.#postings.keys();
  }

  /** Adds the document `id` (replacing one of the same id) with the terms of each field. */
  add(id: string, terms: Record<Field, readonly string[]>): void {
    this.remove(id);
    const slot = this.#freeSlots.pop() ?? this.#ids.length;
    const width = this.#fields.length;
    this.#ids[slot] = id;
    this.#slotOf.set(id, slot);
    // Each distinct term gets one entry in its postings, its counts zero, then counted.
    const entryOf = new Map<string, number>();
    this.#fields.forEach((field, f) => {
      const words = terms[field];
      this.#lengths[slot * width + f] = words.length;
      this.#lengthSums[f]! += words.length;
      for (const word of words) {
        let postings = this.#postings.get(word);
        if (postings === undefined) {
          postings = { slots: [], counts: [] };
          this.#postings.set(word, postings);
        }
        let entry = entryOf.get(word);
        if (entry === undefined) {
          entry = postings.slots.length;
          entryOf.set(word, entry);
          postings.slots.push(slot);
          postings.counts.push(0);
        }
        const packed = postings.counts[entry]!;
        if (((packed >> (f * COUNT_BITS)) & COUNT_MAX) < COUNT_MAX)
          postings.counts[entry] = packed + (1 << (f * COUNT_BITS));
      }
    });
    this.#termsOf[slot] = [...entryOf.keys()];
  }

  /** Removes the document `id`; returns whether it was indexed. */
  remove(id: string): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    const width = this.#fields.length;
    for (const term of this.#termsOf[slot]!) {
      const postings = this.#postings.get(term)!;
      const at = postings.slots.indexOf(slot);
      postings.slots.splice(at, 1);
      postings.counts.splice(at, 1);
      if (postings.slots.length === 0) this.#postings.delete(term);
    }
    for (let f = 0; f < width; f++) this.#lengthSums[f]! -= this.#lengths[slot * width + f]!;
    this.#termsOf[slot] = [];
    this.#ids[slot] = undefined;
    this.#slotOf.delete(id);
    this.#freeSlots.push(slot);
    return true;
  }

  /** Scores the documents holding any term of `query` (term → its weight in the query). */
  score(query: ReadonlyMap<string, number>, accept: (id: string) => boolean): SlotScores {
    const n = this.size;
    const width = this.#fields.length;
    const average = this.#lengthSums.map((sum) => (n > 0 && sum > 0 ? sum / n : 1));
    const score = new Float64Array(this.#ids.length);
    const slots: number[] = [];
    for (const [term, queryWeight] of query) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const found = postings.slots.length;
      const idf = Math.log(1 + (n - found + 0.5) / (found + 0.5));
      for (let i = 0; i < found; i++) {
        const slot = postings.slots[i]!;
        let tf = 0;
        const packed = postings.counts[i]!;
        for (let f = 0; f < width; f++) {
          const count = (packed >> (f * COUNT_BITS)) & COUNT_MAX;
          if (count === 0) continue;
          const { weight, b } = this.#weights[f]!;
          tf += (weight * count) / (1 - b + (b * this.#lengths[slot * width + f]!) / average[f]!);
        }
        if (score[slot] === 0) slots.push(slot);
        score[slot]! += (queryWeight * idf * tf) / (this.#k1 + tf);
      }
    }
    const accepted = slots.filter((slot) => accept(this.#ids[slot]!));
    let max = 0;
    for (const slot of accepted) max = Math.max(max, score[slot]!);
    return { slots: accepted, score, max };
  }
}
