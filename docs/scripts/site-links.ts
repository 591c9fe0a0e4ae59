import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";

/** A built page: its URL path (`/serve/`, `/run/json-output`), its ids and its internal links. */
export interface BuiltPage {
  path: string;
  ids: Set<string>;
  links: string[];
}

/** The URL path VitePress serves a built file under (clean URLs). */
export function urlPathOf(file: string): string {
  const path = `/${file.replace(/\\/g, "/")}`;
  if (path.endsWith("/index.html")) return path.slice(0, -"index.html".length);
  return path.replace(/\.html$/, "");
}

const decode = (text: string) =>
  decodeURIComponent(
    text
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );

/** Reads one built HTML page: the `id`s it defines and the site-internal `href`s it links to. */
export function readPage(path: string, html: string): BuiltPage {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1] ?? "")));
  const links = [...html.matchAll(/<a\s[^>]*href="([^"]+)"/g)]
    .map((m) => decode(m[1] ?? ""))
    .filter((href) => !/^[a-z][a-z+.-]*:/i.test(href) && !href.startsWith("//"))
    .map((href) =>
      href.startsWith("#") ? `${path}${href}` : posix.resolve(posix.dirname(`${path}x`), href),
    )
    .filter((href) => !/^\/assets\//.test(href) && !/\.(txt|md|json|svg|png)(#|$)/.test(href));
  return { path, ids, links };
}

/** Every `.html` page under a built site's folder. */
export function readSite(outDir: string): Map<string, BuiltPage> {
  const pages = new Map<string, BuiltPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== "assets") walk(full);
      } else if (entry.endsWith(".html") && entry !== "404.html") {
        const path = urlPathOf(relative(outDir, full));
        pages.set(path, readPage(path, readFileSync(full, "utf8")));
      }
    }
  };
  walk(outDir);
  return pages;
}

/** The page a link lands on, with its clean-URL and trailing-slash spellings tried. */
function target(pages: Map<string, BuiltPage>, path: string): BuiltPage | undefined {
  const bare = path.replace(/\.html$/, "");
  return pages.get(bare) ?? pages.get(`${bare}/`) ?? pages.get(bare.replace(/\/$/, ""));
}

/** Each internal link that lands on no page, or on a page without its `#anchor`. */
export function brokenLinks(pages: Map<string, BuiltPage>): string[] {
  const broken: string[] = [];
  for (const page of pages.values()) {
    for (const link of page.links) {
      const [path = "", anchor] = link.split("#");
      const landed = target(pages, path);
      if (!landed) broken.push(`${page.path}: ${link} (no such page)`);
      else if (anchor && !landed.ids.has(anchor))
        broken.push(`${page.path}: ${link} (no such anchor)`);
    }
  }
  return [...new Set(broken)];
}

/** The pages no chain of links from `starts` (the sidebar's pages) reaches. */
export function unreachablePages(pages: Map<string, BuiltPage>, starts: string[]): string[] {
  const seen = new Set<string>();
  const queue = starts.map((start) => target(pages, start)).filter((p) => p !== undefined);
  while (queue.length > 0) {
    const page = queue.pop() as BuiltPage;
    if (seen.has(page.path)) continue;
    seen.add(page.path);
    for (const link of page.links) {
      const next = target(pages, link.split("#")[0] ?? "");
      if (next && !seen.has(next.path)) queue.push(next);
    }
  }
  return [...pages.keys()].filter((path) => !seen.has(path)).sort();
}
