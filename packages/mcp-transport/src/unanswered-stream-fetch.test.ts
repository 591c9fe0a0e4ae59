import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { unansweredStreamFetch } from "./unanswered-stream-fetch.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real HTTP server answering every POST with `events` as an SSE stream, then ending it. */
async function sseServer(events: string): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(events);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

const post = (id: number) => ({
  method: "POST",
  body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "x" } }),
});
const fetchChecked = unansweredStreamFetch("no answer came");

describe("unansweredStreamFetch", () => {
  it("appends a made-up error answer for a request the stream ended without answering", async () => {
    const url = await sseServer('data: {"jsonrpc":"2.0","method":"notifications/message"}\n\n');
    const text = await (await fetchChecked(url, post(7))).text();
    const answer = JSON.parse(text.trim().split("\n").at(-1)?.slice("data: ".length) ?? "");
    expect(answer).toMatchObject({ id: 7, error: { code: -32603, message: "no answer came" } });
  });

  it("adds nothing to a stream that answered, nor to a resumable one (an event id)", async () => {
    const answered = 'data: {"jsonrpc":"2.0","id":7,"result":{}}\n\n';
    expect(await (await fetchChecked(await sseServer(answered), post(7))).text()).toBe(answered);
    await new Promise((resolve) => server?.close(resolve));
    const resumable = "id: 1\ndata: \n\n";
    expect(await (await fetchChecked(await sseServer(resumable), post(7))).text()).toBe(resumable);
  });
});
