import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { PublishablePackage } from "./workspace-packages.js";

/** A packed package: the tarball and the paths inside it. */
export interface PackedPackage {
  tarball: string;
  files: string[];
}

/**
 * Packs a package with `pnpm pack`, as `pnpm publish` would: `workspace:` ranges become
 * versions and `publishConfig` fields replace the package's own.
 */
export async function packPackage(pkg: PublishablePackage): Promise<PackedPackage> {
  const destination = mkdtempSync(join(tmpdir(), "tinyloop-pack-"));
  const { stdout } = await execa("pnpm", ["pack", "--json", "--pack-destination", destination], {
    cwd: pkg.dir,
  });
  const report = JSON.parse(stdout) as { filename: string; files: Array<{ path: string }> };
  return { tarball: report.filename, files: report.files.map((file) => file.path) };
}
