import { describe, expect, it } from "vitest";
import {
  brokenMarkdownLinks,
  brokenReadmeLinks,
  headingAnchor,
  markdownAnchors,
} from "../scripts/markdown-links.js";
import {
  type BuiltPage,
  brokenLinks,
  readPage,
  unreachablePages,
  urlPathOf,
} from "../scripts/site-links.js";

const site = (...pages: BuiltPage[]) => new Map(pages.map((page) => [page.path, page]));

describe("the site's link checks", () => {
  it("maps built files to the clean URLs VitePress serves", () => {
    expect(urlPathOf("serve/index.html")).toBe("/serve/");
    expect(urlPathOf("run/json-output.html")).toBe("/run/json-output");
  });

  it("reads ids and internal links, resolving relative and same-page ones", () => {
    const page = readPage(
      "/run/json-output",
      '<h2 id="events">x</h2><a href="#events">a</a><a href="../serve/#start">b</a><a href="https://x.dev">c</a><a href="/assets/a.js">d</a>',
    );
    expect([...page.ids]).toEqual(["events"]);
    expect(page.links).toEqual(["/run/json-output#events", "/serve/#start"]);
  });

  it("reports a missing page and a missing anchor, and accepts good links", () => {
    const pages = site(
      { path: "/a", ids: new Set(["here"]), links: ["/b#gone", "/c", "/a#here", "/b"] },
      { path: "/b", ids: new Set(["x"]), links: [] },
    );
    expect(brokenLinks(pages)).toEqual(["/a: /b#gone (no such anchor)", "/a: /c (no such page)"]);
  });

  it("finds the pages no link from the sidebar reaches", () => {
    const pages = site(
      { path: "/a", ids: new Set(), links: ["/b"] },
      { path: "/b", ids: new Set(), links: [] },
      { path: "/orphan", ids: new Set(), links: ["/a"] },
    );
    expect(unreachablePages(pages, ["/a"])).toEqual(["/orphan"]);
  });
});

describe("links in the Markdown outside docs/", () => {
  it("makes heading anchors as GitHub does", () => {
    expect(headingAnchor("Serve on many machines")).toBe("serve-on-many-machines");
    expect(headingAnchor("`--sandbox`, and why (2026)")).toBe("--sandbox-and-why-2026");
    expect([...markdownAnchors("# A b\n```\n# not\n```\n## C.d")]).toEqual(["a-b", "cd"]);
  });

  it("reports a link to a missing file or heading, and accepts good ones", () => {
    const files: Record<string, string> = {
      "README.md":
        "# Top\n[a](docs/README.md) [b](README.md#top) [c](missing.md) [d](#gone) [e](https://x.dev/#y)",
    };
    const read = (file: string) => files[file] ?? "# Top\n";
    expect(brokenMarkdownLinks("README.md", read)).toEqual([
      "README.md: missing.md (no such file)",
      "README.md: #gone (no such heading)",
    ]);
  });

  it("no README or other Markdown file outside docs/ links to a missing file or heading", () => {
    expect(brokenReadmeLinks()).toEqual([]);
  });
});
