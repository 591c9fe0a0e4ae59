import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error.js";
import { readJsonBody } from "./read-json-body.js";

// A real HTTP server whose handler reads the body with readJsonBody(req, LIMIT) and answers
// what it got: the parsed value, or the ApiError's status, code, headers and message.
const LIMIT = 64;
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

interface Outcome {
  value?: unknown;
  status?: number;
  type?: string;
  code?: string | null;
  headers?: Record<string, string>;
  message?: string;
}

async function startReader(): Promise<number> {
  const listening = createServer(async (req, res) => {
    let outcome: Outcome;
    try {
      outcome = { value: await readJsonBody(req, LIMIT) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { status, type, code, headers, message } = error;
      outcome = { status, type, code, headers, message };
    }
    res.setHeader("connection", "close");
    res.end(JSON.stringify(outcome));
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return (listening.address() as AddressInfo).port;
}

/** Sends `chunks` as one body: with a Content-Length when `length` is given, else chunked. */
async function send(chunks: string[], length?: number): Promise<Outcome> {
  const port = await startReader();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> =
      length === undefined ? { "transfer-encoding": "chunked" } : { "content-length": length };
    const req = request({ port, host: "127.0.0.1", method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => {
        body += part;
      });
      res.on("end", () => resolve(JSON.parse(body) as Outcome));
    });
    // The reader may answer before the whole body is written.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const jsonOf = (size: number) => JSON.stringify({ text: "x".repeat(size - 11) }); // size bytes

describe("readJsonBody", () => {
  it("reads a body of exactly the limit, announced or chunked, across chunk borders", async () => {
    const body = jsonOf(LIMIT);
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    const parsed = { text: "x".repeat(LIMIT - 11) };
    expect(await send([body], LIMIT)).toEqual({ value: parsed });
    expect(await send([body.slice(0, 20), body.slice(20, 50), body.slice(50)])).toEqual({
      value: parsed,
    });
  });

  it("joins the chunks before decoding, so a character split between two chunks survives", async () => {
    const bytes = Buffer.from(JSON.stringify({ text: "héllo" }));
    const port = await startReader();
    const outcome = await new Promise<Outcome>((resolve) => {
      const req = request(
        { port, host: "127.0.0.1", method: "POST", headers: { "content-length": bytes.length } },
        (res) => {
          let body = "";
          res.on("data", (part: Buffer) => {
            body += part.toString("utf8");
          });
          res.on("end", () => resolve(JSON.parse(body) as Outcome));
        },
      );
      // "é" is two bytes: the first chunk ends between them.
      const cut = bytes.indexOf(0xc3) + 1;
      req.write(bytes.subarray(0, cut));
      setImmediate(() => req.end(bytes.subarray(cut)));
    });
    expect(outcome).toEqual({ value: { text: "héllo" } });
  });

  const tooLarge = {
    status: 413,
    type: "invalid_request_error",
    code: "request_too_large",
    headers: { connection: "close" },
    message:
      "The request body is larger than this server's limit of 64 bytes; send a shorter conversation (or start the server with a larger body limit).",
  };

  it("refuses one byte over the limit, whether Content-Length announces it or chunks bring it", async () => {
    const body = jsonOf(LIMIT + 1);
    expect(await send([body], LIMIT + 1)).toEqual(tooLarge);
    expect(await send([body.slice(0, 40), body.slice(40)])).toEqual(tooLarge);
  });

  it("refuses an announced length over the limit before any of the body arrives", async () => {
    expect(await send([], 10_000)).toEqual(tooLarge);
  });

  it("answers 400 invalid_json to an empty body and to one that is not JSON, with an example", async () => {
    const example =
      'send a JSON object such as {"model": "agent", "messages": [{"role": "user", "content": "Hello"}]}.';
    expect(await send([" \n "])).toEqual({
      status: 400,
      type: "invalid_request_error",
      code: "invalid_json",
      headers: {},
      message: `The request body is empty; ${example}`,
    });
    const broken = await send(['{"model": '], 10);
    expect(broken).toMatchObject({ status: 400, code: "invalid_json" });
    expect(broken.message).toMatch(/^The request body is not valid JSON \(.+\); send a JSON/);
    expect(broken.message).toContain(example);
  });
});
