import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import type { Manifest } from "./workspace-packages.js";

function exportTargets(manifest: Manifest): string[] {
  const exports = manifest.publishConfig?.exports ?? manifest.exports ?? {};
  return Object.values(exports).flatMap((conditions) => Object.values(conditions));
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * What is wrong in an installed package's folder (as npm unpacked the tarball): an export
 * or bin that points at a missing file, a test file shipped, or a source map whose
 * `sources` name files that are not in the package.
 */
export function tarballProblems(installedDir: string, manifest: Manifest): string[] {
  const problems: string[] = [];
  const name = manifest.name;
  for (const target of [...exportTargets(manifest), ...Object.values(manifest.bin ?? {})]) {
    if (!existsSync(join(installedDir, target))) {
      problems.push(`${name}: exports/bin point at ${target}, which is not in the tarball`);
    }
  }
  for (const file of filesUnder(installedDir)) {
    const path = relative(installedDir, file);
    if (path.startsWith("node_modules")) continue;
    if (/\.test\.[cm]?[jt]s$/.test(path) || path.includes("__fixtures__")) {
      problems.push(`${name}: ships the test file ${path}`);
    }
    if (!path.endsWith(".map")) continue;
    const map = JSON.parse(readFileSync(file, "utf8")) as {
      sources?: string[];
      sourceRoot?: string;
    };
    for (const source of map.sources ?? []) {
      const resolved = normalize(join(dirname(file), map.sourceRoot ?? "", source));
      if (!existsSync(resolved)) {
        problems.push(`${name}: ${path} names the source ${source}, which is not in the tarball`);
        break;
      }
    }
  }
  return problems;
}
