// Sums the JSON reports every package's vitest run wrote and prints the summary: a line per
// package, a line per test file that failed outside its tests, a line per missing program
// whose tests were skipped (from the records in .test-skips/, written by test-fixtures'
// describeNeeding), and the closing line `N passed, N failed, N skipped`, last, alone.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** The workspace's package folders, as pnpm-workspace.yaml lists them (`packages/*`, `bench`). */
const workspace = readFileSync("pnpm-workspace.yaml", "utf8")
  .split("\n")
  .map((line) => /^\s*-\s*["']?([^"'\s]+)["']?\s*$/.exec(line)?.[1])
  .filter((entry) => entry !== undefined);
const roots = workspace.map((entry) => entry.replace(/\/\*$/, ""));
const singlePackage = new Set(workspace.filter((entry) => !entry.endsWith("/*")));
const SKIP_RECORDS = ".test-skips";
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
/** Test files that failed outside any test (an import error, a failing beforeAll). */
const brokenFiles = [];
/** Skipped tests per test file (absolute path, as vitest reports it). */
const skippedIn = new Map();
const isSkipped = (status) => ["skipped", "pending", "todo"].includes(status);
for (const root of roots) {
  if (!existsSync(root)) continue;
  const dirs = singlePackage.has(root) ? ["."] : readdirSync(root);
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
    for (const result of report.testResults ?? []) {
      const tests = result.assertionResults ?? [];
      skippedIn.set(result.name, tests.filter((test) => isSkipped(test.status)).length);
      if (result.status === "failed" && !tests.some((test) => test.status === "failed")) {
        const why = (result.message ?? "").trim().split("\n")[0] || "see its output above";
        brokenFiles.push(`${relative(".", result.name)}: ${why}`);
      }
    }
  }
}
// A file that failed outside its tests counts as one failure: its tests never ran.
failed += brokenFiles.length;

/** `{ reason: files }` from the skip records. */
const filesByReason = new Map();
if (existsSync(SKIP_RECORDS)) {
  for (const name of readdirSync(SKIP_RECORDS).filter((entry) => entry.endsWith(".json"))) {
    const { file, reason } = JSON.parse(readFileSync(join(SKIP_RECORDS, name), "utf8"));
    filesByReason.set(reason, [...(filesByReason.get(reason) ?? []), file]);
  }
}

console.log("\nTest summary by package:");
for (const row of rows) console.log(`  ${row}`);
for (const line of brokenFiles) console.log(`failed outside its tests: ${line}`);
for (const [reason, files] of [...filesByReason].sort(([a], [b]) => a.localeCompare(b))) {
  const count = files.reduce((sum, file) => sum + (skippedIn.get(file) ?? 0), 0);
  const shown = files.map((file) => relative(".", file)).sort();
  console.log(`skipped ${count} test${count === 1 ? "" : "s"}: ${reason}. In ${shown.join(", ")}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
