// Sums the JSON reports every package's vitest run wrote and prints one closing line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const roots = ["packages", "apps", "tooling", "bench"];
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const root of roots) {
  if (!existsSync(root)) continue;
  const dirs = root === "bench" ? ["."] : readdirSync(root);
  for (const dir of dirs) {
    const file = join(root, dir, ".vitest-results.json");
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    const skippedHere = report.numPendingTests + (report.numTodoTests ?? 0);
    skipped += skippedHere;
    rows.push(
      `${join(root, dir)}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skippedHere} skipped`,
    );
  }
}
console.log("\nTest summary by package:");
for (const row of rows) console.log(`  ${row}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
