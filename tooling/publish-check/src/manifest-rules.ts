import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PublishablePackage } from "./workspace-packages.js";

/** The export condition that points workspace tools at `src/`; it must not be published. */
export const SOURCE_CONDITION = "@tinyloop/source";

/**
 * What is missing or wrong in a publishable package's package.json, one line each (empty
 * when it is fit to publish): a license and its LICENSE file, `repository.directory`,
 * `sideEffects`, published exports without the source condition.
 */
export function manifestProblems(pkg: PublishablePackage): string[] {
  const { manifest, path } = pkg;
  const problems: string[] = [];
  const where = `${path}/package.json`;
  if (!manifest.license) problems.push(`${where}: "license" is missing (e.g. "MIT")`);
  if (!existsSync(join(pkg.dir, "LICENSE"))) {
    problems.push(`${path}/LICENSE is missing: copy the root LICENSE into the package folder`);
  }
  if (!manifest.files?.includes("LICENSE")) {
    problems.push(`${where}: "files" should list "LICENSE"`);
  }
  if (manifest.repository?.directory !== path) {
    problems.push(
      `${where}: "repository.directory" should be "${path}", got ${JSON.stringify(manifest.repository?.directory)}`,
    );
  }
  if (manifest.sideEffects === undefined) {
    problems.push(
      `${where}: "sideEffects" is missing (false, or the files that have side effects)`,
    );
  }
  const published = manifest.publishConfig?.exports ?? manifest.exports ?? {};
  for (const [subpath, conditions] of Object.entries(published)) {
    if (SOURCE_CONDITION in conditions) {
      problems.push(
        `${where}: the published exports["${subpath}"] still has the "${SOURCE_CONDITION}" condition; list the exports without it under "publishConfig.exports"`,
      );
    }
  }
  return problems;
}
