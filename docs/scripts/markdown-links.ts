import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { countedMarkdown } from "./word-counts.js";
import { repoRoot } from "./workspace-packages.js";

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown text's headings (fenced code left out). */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  let fence = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fence = !fence;
    const heading = !fence && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1] ?? ""));
  }
  return anchors;
}

/**
 * Each relative link of `file` (a path from the repository's root) to a file that does not
 * exist or to a Markdown heading that is not there. Web and mail links are not followed.
 */
export function brokenMarkdownLinks(file: string, read = readRepoFile): string[] {
  const broken: string[] = [];
  for (const match of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = match[1] ?? "";
    if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
    const [path = "", anchor] = link.split("#");
    const target = path === "" ? file : normalize(join(dirname(file), path));
    if (path !== "" && !existsSync(join(repoRoot, target))) {
      broken.push(`${file}: ${link} (no such file)`);
    } else if (anchor && target.endsWith(".md") && isFile(target)) {
      if (!markdownAnchors(read(target)).has(anchor))
        broken.push(`${file}: ${link} (no such heading)`);
    }
  }
  return broken;
}

/** The broken relative links of every Markdown file outside docs/ (the READMEs and the rest). */
export function brokenReadmeLinks(): string[] {
  return countedMarkdown().flatMap((file) => brokenMarkdownLinks(file));
}

function readRepoFile(file: string): string {
  return readFileSync(join(repoRoot, file), "utf8");
}

function isFile(file: string): boolean {
  return statSync(join(repoRoot, file)).isFile();
}
