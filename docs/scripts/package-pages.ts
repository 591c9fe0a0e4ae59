import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { repoRoot, type WorkspacePackage } from "./workspace-packages.js";

const REPO_URL = "https://github.com/tinyloop/tinyloop/blob/main/";

/** The packages whose README is still their whole guide: their page is generated from it. */
export const README_PACKAGES = ["errors", "otlp-export"];

/**
 * A package's page while its guide is still its README: the README's opening (up to its first
 * `##`), links made absolute, then where the rest is. Generated, so it never drifts.
 */
export function packagePage(pkg: WorkspacePackage): string {
  const readme = readFileSync(join(repoRoot, pkg.dir, "README.md"), "utf8");
  const lines: string[] = [];
  let fence = false;
  for (const line of readme.split("\n")) {
    if (line.startsWith("```")) fence = !fence;
    if (!fence && line.startsWith("## ")) break;
    lines.push(line);
  }
  const opening = lines
    .join("\n")
    .trimEnd()
    .replace(/\]\((?!https?:|#|\/)([^)\s]+)\)/g, (_match, target: string) => {
      return `](${REPO_URL}${posix.normalize(posix.join(pkg.dir, target))})`;
    });
  return [
    opening,
    "",
    "## More",
    "",
    `- The rest of this package's guide is still its [README](${REPO_URL}${pkg.dir}/README.md);`,
    "  it moves here section by section.",
    `- [API reference](/reference/api/${pkg.name}) (generated from the TSDoc) and the`,
    `  [error codes](/reference/errors) (generated).`,
    "",
  ].join("\n");
}
