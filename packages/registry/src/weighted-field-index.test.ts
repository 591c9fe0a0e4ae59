import { describe, expect, it } from "vitest";
import { WeightedFieldIndex } from "./weighted-field-index.js";

const fields = { name: { weight: 2, b: 0.5 }, text: { weight: 1, b: 0.75 } };
const ranked = (index: WeightedFieldIndex<"name" | "text">, terms: string[]) => {
  const { slots, score } = index.score(new Map(terms.map((t) => [t, 1])), () => true);
  return slots.sort((a, b) => score[b]! - score[a]!).map((slot) => index.idOf(slot));
};

describe("WeightedFieldIndex", () => {
  it("ranks a word in the heavier field first, and rare words above common ones", () => {
    const index = new WeightedFieldIndex(fields, 1.2);
    index.add("in-text", { name: ["tool"], text: ["weather", "city"] });
    index.add("in-name", { name: ["weather"], text: ["report", "city"] });
    index.add("other", { name: ["files"], text: ["read", "city"] });
    expect(ranked(index, ["weather"])).toEqual(["in-name", "in-text"]);
    expect(ranked(index, ["city", "read"])[0]).toBe("other");
  });

  it("saturates a word found in several fields once: two fields score less than twice one", () => {
    const index = new WeightedFieldIndex(fields, 1.2);
    index.add("both", { name: ["issue"], text: ["issue"] });
    index.add("name", { name: ["issue"], text: ["other"] });
    const { score, slots } = index.score(new Map([["issue", 1]]), () => true);
    const [both, name] = slots.map((slot) => score[slot]!);
    expect(both).toBeGreaterThan(name!);
    expect(both).toBeLessThan(2 * name!);
  });

  it("removes and replaces documents in place, reusing their slots, and honours the filter", () => {
    const index = new WeightedFieldIndex(fields, 1.2);
    index.add("a", { name: ["alpha"], text: [] });
    index.add("b", { name: ["beta"], text: [] });
    expect(index.remove("a")).toBe(true);
    expect(index.remove("a")).toBe(false);
    expect(ranked(index, ["alpha"])).toEqual([]);
    expect(index.documentsWith("alpha")).toBe(0);
    index.add("c", { name: ["alpha"], text: [] });
    index.add("b", { name: ["gamma"], text: [] });
    expect(ranked(index, ["alpha", "beta", "gamma"]).sort()).toEqual(["b", "c"]);
    expect(index.size).toBe(2);
    const { slots } = index.score(new Map([["alpha", 1]]), (id) => id !== "c");
    expect(slots).toEqual([]);
  });

  it("refuses more fields than a packed entry holds, saying what to do", () => {
    const many = Object.fromEntries(
      ["a", "b", "c", "d", "e", "f", "g"].map((f) => [f, { weight: 1, b: 0.5 }]),
    );
    expect(() => new WeightedFieldIndex(many, 1.2)).toThrow(
      /expected at most 6 fields, got 7; merge fields/,
    );
  });
});
