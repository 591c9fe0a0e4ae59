import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is tooling/publish-check/src/…). */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The parts of a package.json the checks read. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  sideEffects?: boolean | string[];
  repository?: { type?: string; url?: string; directory?: string };
  files?: string[];
  bin?: Record<string, string>;
  exports?: Record<string, Record<string, string>>;
  publishConfig?: { exports?: Record<string, Record<string, string>> };
}

/** A workspace package that is published to npm. */
export interface PublishablePackage {
  dir: string;
  /** Its folder relative to the repository root (`packages/registry`). */
  path: string;
  manifest: Manifest;
}

/** Every package under packages/ and apps/ that is not private, in folder order. */
export function publishablePackages(): PublishablePackage[] {
  const found: PublishablePackage[] = [];
  for (const root of ["packages", "apps"]) {
    const rootDir = join(repoRoot, root);
    if (!existsSync(rootDir)) continue;
    for (const name of readdirSync(rootDir).sort()) {
      const dir = join(rootDir, name);
      const file = join(dir, "package.json");
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
      if (manifest.private) continue;
      found.push({ dir, path: relative(repoRoot, dir), manifest });
    }
  }
  return found;
}
