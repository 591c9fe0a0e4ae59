import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./workspace-packages.js";

/** One ```ts block of a Markdown file, and the line its code starts on. */
export interface Snippet {
  file: string;
  line: number;
  code: string;
}

/**
 * Every ```ts / ```typescript block in the tracked Markdown (the READMEs and the site's pages;
 * not release notes, not the generated reference). A block whose fence says `fragment`
 * (```ts fragment) is a piece of a larger program and is left out.
 */
export function typescriptSnippets(): Snippet[] {
  const files = execFileSync("git", ["ls-files", "*.md"], { cwd: repoRoot, encoding: "utf8" })
    .split("\n")
    .filter(
      (file) => file !== "" && !file.endsWith("CHANGELOG.md") && !file.startsWith(".changeset/"),
    );
  return files.flatMap((file) => snippetsOf(file, readFileSync(join(repoRoot, file), "utf8")));
}

/** The ```ts blocks of one Markdown text. */
export function snippetsOf(file: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split("\n");
  let open: { line: number; code: string[]; keep: boolean } | undefined;
  let fence = "";
  lines.forEach((text, index) => {
    if (open === undefined) {
      const start = text.match(/^(\s*)(`{3,}|~{3,})(.*)$/);
      if (!start) return;
      fence = `${start[1]}${start[2]}`;
      const [lang = "", ...meta] = (start[3] ?? "").trim().split(/\s+/);
      const isTs = lang === "ts" || lang === "typescript";
      open = { line: index + 2, code: [], keep: isTs && !meta.includes("fragment") };
    } else if (text.trimEnd() === fence.trimEnd() || text.trim() === fence.trim()) {
      if (open.keep) snippets.push({ file, line: open.line, code: open.code.join("\n") });
      open = undefined;
    } else open.code.push(text);
  });
  return snippets;
}
