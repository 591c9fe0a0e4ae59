import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One file of the chat page, read once. */
interface PageFile {
  body: Buffer;
  type: string;
}

const HTML = "text/html; charset=utf-8";
const SCRIPT = "text/javascript; charset=utf-8";

// `public/` sits beside `src/` and `dist/`, so this works from the sources and the build.
const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));

/**
 * The browser builds of the two libraries the page renders answers with, by the name the page
 * loads them as (`/vendor/<name>`): taken from this package's dependencies, so the page loads
 * nothing from the internet and its CSP can stay `script-src 'self'`. A program that bundles
 * this package copies them to `public/vendor/` beside the page's other files (see
 * {@link chatPageVendorFiles}), where they are taken first.
 */
export function chatPageVendorFiles(): Record<string, string> {
  const require = createRequire(import.meta.url);
  return {
    "marked.js": require.resolve("marked"),
    // The package's `require` entry is its CommonJS build; the ES module sits beside it.
    "purify.js": join(dirname(require.resolve("dompurify")), "purify.es.mjs"),
  };
}

/** A vendor file copied beside the page (a bundle's), else the dependency's own. */
function vendorFile(name: string): string {
  const copied = join(PUBLIC_DIR, "vendor", name);
  if (existsSync(copied)) return copied;
  const file = chatPageVendorFiles()[name];
  if (!file) throw new Error(`no vendor file ${name} for the chat page`);
  return file;
}

const FILES: Record<string, [path: () => string, type: string]> = {
  "/": [() => join(PUBLIC_DIR, "index.html"), HTML],
  "/index.html": [() => join(PUBLIC_DIR, "index.html"), HTML],
  "/chat.js": [() => join(PUBLIC_DIR, "chat.js"), SCRIPT],
  "/chat.css": [() => join(PUBLIC_DIR, "chat.css"), "text/css; charset=utf-8"],
  "/markdown.js": [() => join(PUBLIC_DIR, "markdown.js"), SCRIPT],
  "/dom.js": [() => join(PUBLIC_DIR, "dom.js"), SCRIPT],
  "/approval.js": [() => join(PUBLIC_DIR, "approval.js"), SCRIPT],
  "/elicitation-form.js": [() => join(PUBLIC_DIR, "elicitation-form.js"), SCRIPT],
  "/answer.js": [() => join(PUBLIC_DIR, "answer.js"), SCRIPT],
  "/timeline.js": [() => join(PUBLIC_DIR, "timeline.js"), SCRIPT],
  "/vendor/marked.js": [() => vendorFile("marked.js"), SCRIPT],
  "/vendor/purify.js": [() => vendorFile("purify.js"), SCRIPT],
};

/** A library's build without its `sourceMappingURL` line (its map is not served). */
function withoutSourceMap(body: Buffer): Buffer {
  return Buffer.from(body.toString("utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"));
}

/** The chat page's static files (shipped in the package's `public/`), served without auth. */
export class ChatPage {
  readonly #files = new Map<string, PageFile>();

  constructor() {
    for (const [path, [file, type]] of Object.entries(FILES)) {
      const body = readFileSync(file());
      this.#files.set(path, {
        body: path.startsWith("/vendor/") ? withoutSourceMap(body) : body,
        type,
      });
    }
  }

  /** True when `path` is one of the page's files. */
  has(path: string): boolean {
    return this.#files.has(path);
  }

  /** Writes the file at `path` (which {@link has} said exists). */
  send(res: ServerResponse, path: string, head: boolean): void {
    const file = this.#files.get(path);
    if (!file) return;
    res.writeHead(200, {
      "content-type": file.type,
      "content-length": file.body.length,
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "content-security-policy":
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    });
    res.end(head ? undefined : file.body);
  }
}
