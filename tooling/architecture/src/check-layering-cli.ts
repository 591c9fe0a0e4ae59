// `pnpm layering`: the layering check on this repository, one line per problem.
import { fileURLToPath } from "node:url";
import { checkLayering } from "./check-layering.js";
import { readLayers } from "./layers.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const problems = await checkLayering(root, readLayers());
for (const problem of problems) console.error(problem.text);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} layering problem(s); the DAG is tooling/architecture/layers.json, the rules ARCHITECTURE.md.`,
  );
  process.exit(1);
}
console.log("layering: no import against the DAG, no reach into another package, no cycle");
