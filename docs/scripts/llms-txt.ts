import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One page of the site: its sidebar text, its link (`/serve/`) and its Markdown source file. */
export interface SitePage {
  text: string;
  link: string;
  file: string;
}

const titleOf = (markdown: string, fallback: string) =>
  markdown.match(/^# (.+)$/m)?.[1]?.trim() ?? fallback;
const leadOf = (markdown: string) =>
  markdown
    .replace(/^---[\s\S]*?---\n/, "")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== "" && !block.startsWith("#") && !block.startsWith("```"))
    ?.replace(/\s+/g, " ") ?? "";

/**
 * Writes `llms.txt` (the llmstxt.org index: a title, a summary, then a link and one line per
 * page, by sidebar group) and `llms-full.txt` (every page's Markdown, in the same order) into
 * the built site, so coding agents can read tinyloop's docs.
 */
export function writeLlmsTxt(
  outDir: string,
  groups: { text: string; pages: SitePage[] }[],
  siteUrl: string,
): void {
  const index = [
    "# tinyloop",
    "",
    "> An open-source TypeScript toolkit and CLI for MCP-powered agents: run the agent configs you",
    "> already have (tiny-agents, Claude Desktop, Cursor, VS Code, …) with any model, serve them,",
    "> and use its small packages in your own code.",
  ];
  const full: string[] = [];
  for (const group of groups) {
    index.push("", `## ${group.text}`, "");
    for (const page of group.pages) {
      const markdown = readFileSync(page.file, "utf8");
      const lead = leadOf(markdown);
      const url = `${siteUrl}${page.link.endsWith("/") ? `${page.link}index` : page.link}.md`;
      index.push(`- [${titleOf(markdown, page.text)}](${url})${lead ? `: ${lead}` : ""}`);
      full.push(markdown.trim());
    }
  }
  writeFileSync(join(outDir, "llms.txt"), `${index.join("\n")}\n`);
  writeFileSync(join(outDir, "llms-full.txt"), `${full.join("\n\n---\n\n")}\n`);
}
