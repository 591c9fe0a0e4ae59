// `pnpm --filter @tinyloop/architecture dag [--write]`: prints the DAG block rendered from
// layers.json, or writes it into ARCHITECTURE.md between its markers.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readLayers } from "./layers.js";
import { renderDag, replaceDagBlock } from "./render-dag.js";

const page = fileURLToPath(new URL("../../../ARCHITECTURE.md", import.meta.url));
const block = renderDag(readLayers());
if (process.argv.includes("--write")) {
  writeFileSync(page, replaceDagBlock(readFileSync(page, "utf8"), block));
  console.log("ARCHITECTURE.md: DAG block rewritten from tooling/architecture/layers.json");
} else {
  console.log(block);
}
