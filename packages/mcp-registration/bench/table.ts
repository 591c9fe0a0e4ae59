/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Prints a markdown table of medians with their ratio against the first (baseline) row. */
export function printTable(
  title: string,
  unit: string,
  rows: { label: string; value: number }[],
): void {
  const baseline = rows[0]?.value ?? 1;
  console.log(`\n### ${title}\n`);
  console.log(`| | ${unit} | ratio |`);
  console.log("|---|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.value.toFixed(unit === "µs" ? 1 : 2)} | ${(row.value / baseline).toFixed(3)}× |`,
    );
  }
}
