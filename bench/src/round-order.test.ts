import { describe, expect, it } from "vitest";
import { roundOrder } from "./round-order.js";

describe("roundOrder", () => {
  const contenders = ["floor", "loop-floor", "tinyloop", "tiny-agents"];

  it("keeps the given order in the first round, so the floor's validation run comes first", () => {
    expect(roundOrder(contenders, 0)).toEqual(contenders);
  });

  it("starts each later round one contender further on", () => {
    expect(roundOrder(contenders, 1)).toEqual(["loop-floor", "tinyloop", "tiny-agents", "floor"]);
    expect(roundOrder(contenders, 3)).toEqual(["tiny-agents", "floor", "loop-floor", "tinyloop"]);
  });

  it("gives every contender every position once over as many rounds as there are contenders", () => {
    for (let position = 0; position < contenders.length; position++) {
      const seen = contenders.map((_, round) => roundOrder(contenders, round)[position]);
      expect(new Set(seen)).toEqual(new Set(contenders));
    }
  });

  it("runs every contender exactly once per round, also past the first cycle", () => {
    expect([...roundOrder(contenders, 9)].sort()).toEqual([...contenders].sort());
    expect(roundOrder([], 3)).toEqual([]);
  });
});
