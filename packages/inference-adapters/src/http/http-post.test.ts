import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpPost, RequestFailedError } from "./http-post.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real HTTP server; returns its URL and the remote ports requests came from. */
async function serve(handler: Parameters<typeof createServer>[1]) {
  const ports: number[] = [];
  server = createServer((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    handler?.(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, ports };
}

describe("httpPost", () => {
  it("sends the JSON body with its length, answers status and headers, and keeps the connection for the next request", async () => {
    const { url, ports } = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        res.writeHead(201, { "content-type": "application/json", "x-seen": body });
        res.end(`{"length":${req.headers["content-length"]}}`);
      });
    });
    for (const text of ["{}", '{"é":1}']) {
      const answer = await httpPost(url, {
        headers: { "content-type": "application/json" },
        body: text,
        signal: undefined,
      });
      expect([answer.status, answer.ok, answer.headers.get("X-Seen")]).toEqual([201, true, text]);
      expect(JSON.parse(await answer.text())).toEqual({ length: Buffer.byteLength(text) });
    }
    expect(new Set(ports).size).toBe(1);
  });

  it("fails with the socket error as cause when nothing listens, and stops reading when aborted", async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n"); // and never ends
    });
    const controller = new AbortController();
    const answer = await httpPost(url, { headers: {}, body: "{}", signal: controller.signal });
    const reader = answer.body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    controller.abort();
    await expect(reader.read()).rejects.toThrow(/^aborted$/);

    const refused = await httpPost("http://127.0.0.1:1/v1", {
      headers: {},
      body: "{}",
      signal: undefined,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestFailedError);
    expect((refused as { cause: { code: string } }).cause.code).toBe("ECONNREFUSED");
  });
});
