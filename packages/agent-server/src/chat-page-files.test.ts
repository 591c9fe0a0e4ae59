import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ChatPage } from "./chat-page.js";

// The chat page's files and headers as a client receives them, from a real HTTP server
// that routes every request to ChatPage (the browser test, chat-page.test.ts, drives it).
const page = new ChatPage();
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function servePage(): Promise<string> {
  const listening = createServer((req, res) => {
    const path = req.url ?? "/";
    if (!page.has(path)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    page.send(res, path, req.method === "HEAD");
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

const shipped = (name: string) => readFileSync(new URL(`../public/${name}`, import.meta.url));

describe("ChatPage", () => {
  it.each([
    ["/", "index.html", "text/html; charset=utf-8"],
    ["/index.html", "index.html", "text/html; charset=utf-8"],
    ["/chat.js", "chat.js", "text/javascript; charset=utf-8"],
    ["/chat.css", "chat.css", "text/css; charset=utf-8"],
    ["/dom.js", "dom.js", "text/javascript; charset=utf-8"],
    ["/approval.js", "approval.js", "text/javascript; charset=utf-8"],
    ["/elicitation-form.js", "elicitation-form.js", "text/javascript; charset=utf-8"],
    ["/answer.js", "answer.js", "text/javascript; charset=utf-8"],
    ["/timeline.js", "timeline.js", "text/javascript; charset=utf-8"],
  ])(
    "serves %s as the shipped %s, typed %s, under the page's security headers",
    async (path, name, type) => {
      const base = await servePage();
      const response = await fetch(`${base}${path}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(body.equals(shipped(name))).toBe(true);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "content-type": type,
        "content-length": String(shipped(name).length),
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "content-security-policy":
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
      });
    },
  );

  it("answers HEAD with the headers and no body", async () => {
    const base = await servePage();
    const response = await fetch(`${base}/chat.js`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(shipped("chat.js").length));
    expect(await response.text()).toBe("");
  });

  it("has only its own four paths", async () => {
    expect(["/", "/index.html", "/chat.js", "/chat.css"].map((p) => page.has(p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    for (const path of ["/public/chat.js", "/index", "/../package.json", "/favicon.ico"]) {
      expect(page.has(path)).toBe(false);
    }
    const base = await servePage();
    expect((await fetch(`${base}/favicon.ico`)).status).toBe(404);
  });
});
