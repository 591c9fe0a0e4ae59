import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { brokenLinks, readSite, unreachablePages } from "../scripts/site-links.js";
import { guideSidebar } from "../site/.vitepress/sidebar.js";

const docsDir = join(import.meta.dirname, "..");
const outDir = join(docsDir, "site/.vitepress/dist");
const sidebarLinks = guideSidebar.flatMap((group) => group.items.map((item) => item.link));

// One real build (references generated, then VitePress), shared by the checks below.
beforeAll(() => {
  const started = Date.now();
  execFileSync("pnpm", ["-s", "docs:build"], { cwd: docsDir, stdio: ["ignore", "ignore", "pipe"] });
  console.log(`docs site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe("the docs site", () => {
  it("builds every sidebar page", () => {
    const pages = readSite(outDir);
    const missing = sidebarLinks.filter((link) => !pages.has(link) && !pages.has(`${link}/`));
    expect(missing).toEqual([]);
    expect(pages.has("/reference/cli")).toBe(true);
    expect(pages.has("/reference/errors")).toBe(true);
  });

  it("has no broken internal link or anchor", () => {
    expect(brokenLinks(readSite(outDir))).toEqual([]);
  });

  it("has no page that the sidebar cannot reach", () => {
    expect(unreachablePages(readSite(outDir), ["/", ...sidebarLinks])).toEqual([]);
  });

  it("shows each command's --help exactly as the CLI prints it", () => {
    const page = readFileSync(join(docsDir, "site/reference/cli.md"), "utf8");
    const bin = join(docsDir, "../apps/cli/src/bin.ts");
    for (const command of [[], ["run"], ["mcp", "tools"]]) {
      const help = execFileSync(
        process.execPath,
        ["--conditions=@tinyloop/source", "--import", "tsx", bin, ...command, "--help"],
        { cwd: docsDir, encoding: "utf8", env: { ...process.env, COLUMNS: undefined } },
      );
      expect(page, `tinyloop ${command.join(" ")} --help`).toContain(
        `\`\`\`text\n${help.trimEnd()}\n\`\`\``,
      );
    }
  });

  it("ships llms.txt listing every sidebar page, and llms-full.txt with their text", () => {
    const index = readFileSync(join(outDir, "llms.txt"), "utf8");
    const full = readFileSync(join(outDir, "llms-full.txt"), "utf8");
    expect(index).toMatch(/^# tinyloop\n\n> /);
    for (const link of sidebarLinks) {
      const file = link.endsWith("/") ? `${link}index.md` : `${link}.md`;
      expect(index).toContain(`(${file})`);
      expect(existsSync(join(outDir, file)), `${file} beside the built pages`).toBe(true);
    }
    expect(full).toContain("# Moving from Tiny Agents");
    expect(full).toContain("# CLI reference");
  });
});
