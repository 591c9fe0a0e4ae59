// `pnpm shape [--enforce]`: issue 45's size targets, measured on the working tree (see
// ARCHITECTURE.md, "How they are checked"). Reports; with --enforce, exits 1 on a missed target.
import { fileURLToPath } from "node:url";
import { measureShape, missedTargets, targets } from "./shape.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const report = measureShape(root);
const mark = (ok: boolean) => (ok ? "ok  " : "MISS");

console.log(
  `${mark(report.cliSourceLines <= targets.cliSourceLines)} apps/cli source lines: ${report.cliSourceLines} in ${report.cliFiles} files (goal ≤ ${targets.cliSourceLines})`,
);
console.log(
  `${mark(report.longCliFunctions.length === 0)} apps/cli functions over ${targets.cliFunctionLines} lines: ${report.longCliFunctions.length}`,
);
for (const f of report.longCliFunctions)
  console.log(`       ${f.lines}  ${f.name}  ${f.file}:${f.line}`);
console.log(
  `${mark(report.longFiles.length === 0)} source files over ${targets.fileLines} lines: ${report.longFiles.length}`,
);
for (const f of report.longFiles) console.log(`       ${f.lines}  ${f.file}`);
const star = report.sessionStarExports.length
  ? ` + export * from ${report.sessionStarExports.join(", ")}`
  : "";
console.log(
  `${mark(report.sessionExports <= targets.sessionExports && !star)} ${report.sessionEntry} exported names: ${report.sessionExports}${star} (goal ≤ ${targets.sessionExports})`,
);

const missed = missedTargets(report);
if (process.argv.includes("--enforce") && missed.length > 0) {
  console.error(`\nshape --enforce: ${missed.length} target(s) missed:\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
