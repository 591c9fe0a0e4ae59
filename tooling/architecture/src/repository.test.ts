// The layering check on this repository (the part of `pnpm test` that holds the DAG), and
// the checks that keep layers.json, the package manifests and ARCHITECTURE.md saying the same.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkLayering } from "./check-layering.js";
import { npmName, readLayers } from "./layers.js";
import { dagBlockOf, renderDag } from "./render-dag.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const layers = readLayers();
const page = readFileSync(join(root, "ARCHITECTURE.md"), "utf8");

function workspaceDirs(): string[] {
  const dirs = ["bench"];
  for (const parent of ["packages", "apps", "tooling"]) {
    for (const name of readdirSync(join(root, parent))) {
      if (existsSync(join(root, parent, name, "package.json"))) dirs.push(`${parent}/${name}`);
    }
  }
  return dirs.sort();
}

describe("the repository's layering", () => {
  it("has no import against the DAG, no reach into another package and no cycle", async () => {
    const problems = await checkLayering(root, layers);
    expect(problems.map((problem) => problem.text)).toEqual([]);
  }, 120_000);

  it("lists every workspace package in layers.json, under its npm name", () => {
    const byDir = new Map(Object.entries(layers.packages).map(([key, layer]) => [layer.dir, key]));
    const missing = workspaceDirs().filter((dir) => !byDir.has(dir));
    expect(missing, "add these folders to tooling/architecture/layers.json").toEqual([]);
    for (const dir of workspaceDirs()) {
      const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
      expect(manifest.name, `${dir}/package.json`).toBe(npmName(byDir.get(dir)!));
    }
  });

  it("declares in each package.json no workspace dependency that layers.json forbids", () => {
    const names = new Map(Object.keys(layers.packages).map((key) => [npmName(key), key]));
    const wrong: string[] = [];
    for (const [key, layer] of Object.entries(layers.packages)) {
      const file = join(root, layer.dir, "package.json");
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      const tests = new Set([
        ...layer.uses,
        ...(layer.testsAlsoUse ?? []),
        ...layers.testTooling,
        "tsconfig",
      ]);
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
        for (const dep of Object.keys(manifest[field] ?? {})) {
          const used = names.get(dep);
          if (used && !layer.uses.includes(used)) wrong.push(`${key} ${field}: ${dep}`);
        }
      }
      for (const dep of Object.keys(manifest.devDependencies ?? {})) {
        const used = names.get(dep);
        if (used && !tests.has(used)) wrong.push(`${key} devDependencies: ${dep}`);
      }
    }
    expect(wrong, "each needs an arrow in layers.json first (and a reason)").toEqual([]);
  });

  it("shows in ARCHITECTURE.md the DAG layers.json holds", () => {
    expect(
      dagBlockOf(page),
      "run `pnpm --filter @tinyloop/architecture dag --write` after changing layers.json",
    ).toBe(renderDag(layers));
  });

  it("gives every library package and the CLI a row in ARCHITECTURE.md's table", () => {
    const rows = Object.entries(layers.packages)
      .filter(([, layer]) => layer.dir.startsWith("packages/") || layer.dir === "apps/cli")
      .map(([key]) => key)
      .filter((key) => !new RegExp(`^\\| +\`${key}\` +\\|`, "m").test(page));
    expect(rows).toEqual([]);
  });
});
