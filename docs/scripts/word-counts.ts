import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./workspace-packages.js";

/** Issue 49's targets: the Markdown outside docs/ fits on a screen or two per file. */
export const WORD_TARGETS = { total: 15_000, packageReadme: 1_000, rootOrCliReadme: 1_500 };

/** Words as `wc -w` counts them: runs of non-space characters. */
export const countWords = (text: string) => text.split(/\s+/).filter((word) => word !== "").length;

/**
 * The Markdown files the targets count: every tracked `.md` outside docs/, except release
 * notes (CHANGELOG.md, .changeset/), which tools write.
 */
export function countedMarkdown(): string[] {
  return execFileSync("git", ["ls-files", "*.md"], { cwd: repoRoot, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && !file.startsWith("docs/"))
    .filter((file) => !file.endsWith("CHANGELOG.md") && !file.startsWith(".changeset/"));
}

/** The target of one file, or undefined when only the total counts for it. */
export function targetOf(file: string): number | undefined {
  if (file === "README.md" || file === "apps/cli/README.md") return WORD_TARGETS.rootOrCliReadme;
  if (/^packages\/[^/]+\/README\.md$/.test(file)) return WORD_TARGETS.packageReadme;
  return undefined;
}

/** Each counted file's words now. */
export function wordCounts(): Map<string, number> {
  return new Map(
    countedMarkdown().map((file) => [file, countWords(readFileSync(join(repoRoot, file), "utf8"))]),
  );
}
