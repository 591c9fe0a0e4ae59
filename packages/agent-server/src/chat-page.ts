import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";

/** One file of the chat page, read once. */
interface PageFile {
  body: Buffer;
  type: string;
}

const FILES: Record<string, [string, string]> = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/index.html": ["index.html", "text/html; charset=utf-8"],
  "/chat.js": ["chat.js", "text/javascript; charset=utf-8"],
  "/chat.css": ["chat.css", "text/css; charset=utf-8"],
};

// `public/` sits beside `src/` and `dist/`, so this works from the sources and the build.
const PUBLIC_DIR = new URL("../public/", import.meta.url);

/** The chat page's static files (shipped in the package's `public/`), served without auth. */
export class ChatPage {
  readonly #files = new Map<string, PageFile>();

  constructor() {
    for (const [path, [name, type]] of Object.entries(FILES)) {
      this.#files.set(path, { body: readFileSync(new URL(name, PUBLIC_DIR)), type });
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
