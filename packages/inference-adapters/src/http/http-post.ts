import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { context, propagation } from "@opentelemetry/api";

/** The answer to {@link httpPost}: status, headers, and the body not yet read. */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  /** The body as a web stream; cancelling it closes the connection. */
  body: ReadableStream<Uint8Array>;
  /** Reads the whole body as text. */
  text(): Promise<string>;
}

/** Thrown when the request could not be sent; `cause` is the socket error (`code`). */
export class RequestFailedError extends Error {
  constructor(cause: unknown) {
    super("request failed", { cause });
  }
}

/**
 * POSTs `body` with node:http(s) and resolves once the response's headers arrived. Used
 * instead of `fetch`: undici's fetch costs ~15 MiB of memory when first used and, per
 * request, Request/Response objects, header validation and stream plumbing that were a
 * large part of an agent turn's CPU. Connections are kept alive (Node's global agents).
 * Aborting `signal` destroys the request or the body being read. With `headersWithin`, a
 * server that accepts the request but sends no response headers in time has the request
 * destroyed and the promise rejected with `headersWithin.error()`. The active trace context
 * goes along as W3C `traceparent` / `tracestate` headers (nothing without an SDK registered).
 */
export async function httpPost(
  url: string,
  init: {
    headers: Record<string, string>;
    body: string;
    signal: AbortSignal | undefined;
    headersWithin?: { ms: number; error: () => Error };
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  const { request } =
    target.protocol === "https:" ? await import("node:https") : await import("node:http");
  const { signal } = init;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const payload = Buffer.from(init.body, "utf8");
    const headers: Record<string, string> = {
      ...init.headers,
      "content-length": String(payload.length),
    };
    propagation.inject(context.active(), headers);
    const req = request(target, { method: "POST", headers });
    const onAbort = () => req.destroy(signal?.reason ?? new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    let timedOut: Error | undefined;
    const { headersWithin } = init;
    const headersTimer = headersWithin
      ? setTimeout(() => {
          timedOut = headersWithin.error();
          req.destroy(timedOut);
        }, headersWithin.ms)
      : undefined;
    const detach = () => signal?.removeEventListener("abort", onAbort);
    req.once("error", (error) => {
      clearTimeout(headersTimer);
      detach();
      reject(timedOut ?? (signal?.aborted ? error : new RequestFailedError(error)));
    });
    req.once("response", (res: IncomingMessage) => {
      clearTimeout(headersTimer);
      req.removeAllListeners("error");
      req.on("error", () => {}); // later socket errors surface through the body
      res.once("close", detach);
      resolve(answerOf(res));
    });
    req.end(payload);
  });
}

function answerOf(res: IncomingMessage): HttpAnswer {
  const status = res.statusCode ?? 0;
  let body: ReadableStream<Uint8Array> | undefined;
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
    get body() {
      body ??= Readable.toWeb(res) as ReadableStream<Uint8Array>;
      return body;
    },
    async text() {
      let text = "";
      res.setEncoding("utf8");
      for await (const chunk of res) text += chunk;
      return text;
    },
  };
}
