import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { defineConfig } from "vitepress";
import { type SitePage, writeLlmsTxt } from "../../scripts/llms-txt.js";
import { guideSidebar, sidebar } from "./sidebar.js";

const siteDir = join(import.meta.dirname, "..");
const apiSidebarFile = join(siteDir, "reference/api/typedoc-sidebar.json");
/** The TypeDoc sidebar, written by `scripts/generate-references.ts` before every build. */
const apiItems = JSON.parse(readFileSync(apiSidebarFile, "utf8"));

/** The Markdown file behind a sidebar link: `/serve/` → serve/index.md, `/run/json-output` → run/json-output.md. */
const fileOf = (link: string) =>
  join(siteDir, link.endsWith("/") ? `${link}index.md` : `${link.replace(/\.md$/, "")}.md`);

export default defineConfig({
  title: "tinyloop",
  description: "Run MCP-powered agents from the files you already have.",
  cleanUrls: true,
  lastUpdated: false,
  // A localhost URL in the text (an OTLP receiver, a served agent) is an example, not a page;
  // every other dead link still fails the build.
  ignoreDeadLinks: "localhostLinks",
  markdown: {
    // Inline code is text: `${{ secrets.NAME }}` must not be read as a Vue interpolation.
    config(md) {
      const codeInline = md.renderer.rules.code_inline;
      md.renderer.rules.code_inline = (...args) =>
        (codeInline?.(...args) ?? "").replace("<code", "<code v-pre");
    },
  },
  themeConfig: {
    nav: [
      { text: "Quick start", link: "/quick-start" },
      { text: "CLI reference", link: "/reference/cli" },
      { text: "API", link: "/reference/api/" },
    ],
    sidebar: sidebar(apiItems),
    search: { provider: "local" },
    outline: { level: [2, 3] },
    socialLinks: [{ icon: "github", link: "https://github.com/tinyloop/tinyloop" }],
  },
  buildEnd(site) {
    const groups = [
      ...guideSidebar.map((group) => ({
        text: group.text,
        pages: group.items.map((item): SitePage => ({ ...item, file: fileOf(item.link) })),
      })),
      {
        text: "API reference (generated)",
        pages: (apiItems as { text: string; link: string }[]).map((item) => ({
          ...item,
          link: item.link.replace(/\.md$/, ""),
          file: fileOf(item.link),
        })),
      },
    ];
    writeLlmsTxt(site.outDir, groups, "");
    // The Markdown sources beside the pages, so the links in llms.txt resolve.
    for (const group of groups)
      for (const page of group.pages) {
        const target = join(site.outDir, page.file.slice(siteDir.length));
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(page.file, target);
      }
  },
});
