import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** One package's place in the DAG, as `layers.json` writes it. */
export interface Layer {
  /** The package's folder, relative to the repository root. */
  dir: string;
  /** The workspace packages its source may import (names without the `@tinyloop/` scope). */
  uses: string[];
  /** What its tests, benches and config files may import besides `uses` and the test tooling. */
  testsAlsoUse?: string[];
}

/** The whole DAG: every workspace package, and the tooling every package's tests may use. */
export interface Layers {
  testTooling: string[];
  packages: Record<string, Layer>;
}

/** Where the one written copy of the DAG lives. */
export const layersFile = fileURLToPath(new URL("../layers.json", import.meta.url));

/** Reads `layers.json` (or another file of the same shape, for tests). */
export function readLayers(file: string = layersFile): Layers {
  return JSON.parse(readFileSync(file, "utf8")) as Layers;
}

/** The npm name a key of `layers.json` stands for: `tinyloop` is the CLI, the rest are scoped. */
export function npmName(key: string): string {
  return key === "tinyloop" ? key : `@tinyloop/${key}`;
}
