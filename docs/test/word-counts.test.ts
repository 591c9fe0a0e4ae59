import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countWords, targetOf, WORD_TARGETS, wordCounts } from "../scripts/word-counts.js";

const budgets = JSON.parse(
  readFileSync(join(import.meta.dirname, "../word-budgets.json"), "utf8"),
) as {
  total?: number;
  files: Record<string, number>;
};

describe("Markdown outside docs/ (issue 49's word targets)", () => {
  const counts = wordCounts();
  const total = [...counts.values()].reduce((sum, words) => sum + words, 0);

  it("prints the current figures against the targets", () => {
    const rows = [...counts]
      .filter(([file]) => targetOf(file) !== undefined)
      .map(([file, words]) => `${String(words).padStart(6)} / ${targetOf(file)}  ${file}`);
    console.log(
      [`words in Markdown outside docs/: ${total} (target ${WORD_TARGETS.total})`, ...rows].join(
        "\n",
      ),
    );
    expect(counts.has("apps/cli/README.md")).toBe(true);
  });

  it("keeps each README within its target, or within its recorded ceiling while over it", () => {
    const over = [...counts].flatMap(([file, words]) => {
      const target = targetOf(file);
      if (target === undefined) return [];
      const limit = budgets.files[file] ?? target;
      return words > limit
        ? [`${file}: ${words} words, over ${limit} (target ${target}); move the rest to docs/site`]
        : [];
    });
    expect(over).toEqual([]);
  });

  it("keeps the total within its target, or within its recorded ceiling while over it", () => {
    expect(total, `target ${WORD_TARGETS.total}; move sections to docs/site`).toBeLessThanOrEqual(
      budgets.total ?? WORD_TARGETS.total,
    );
  });

  it("counts words as wc -w does", () => {
    expect(countWords("  one two\n\tthree  ")).toBe(3);
    expect(countWords("")).toBe(0);
  });
});
