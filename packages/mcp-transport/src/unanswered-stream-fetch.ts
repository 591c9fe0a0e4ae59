import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createParser } from "eventsource-parser";
import { localFailureResponse } from "./local-failure.js";

/** The ids of the JSON-RPC requests in a POST body (a message or a batch). */
function requestIds(body: unknown): Array<string | number> {
  if (typeof body !== "string") return [];
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((message) => {
      const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
      return typeof method === "string" && (typeof id === "string" || typeof id === "number")
        ? [id]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * Passes an SSE body through unchanged, noting which of `ids` it answered and whether the
 * server made it resumable (an event `id:`). When it ends or drops without answering and is
 * not resumable, a made-up error answer for each unanswered id is appended, so the requests
 * fail at once instead of waiting out their timeouts for an answer that cannot come.
 */
function answerCheckedBody(
  body: ReadableStream<Uint8Array>,
  ids: Array<string | number>,
  unanswered: string,
): ReadableStream<Uint8Array> {
  const waiting = new Set(ids.map(String));
  let resumable = false;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id) resumable = true;
      try {
        const message = JSON.parse(event.data) as { id?: unknown; method?: unknown };
        if (message.method === undefined && message.id !== undefined)
          waiting.delete(String(message.id));
      } catch {
        // not JSON: the SDK reports it
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const encoder = new TextEncoder();
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (const id of ids) {
      if (!waiting.has(String(id))) continue;
      const event = `\n\ndata: ${JSON.stringify(localFailureResponse(id, unanswered))}\n\n`;
      controller.enqueue(encoder.encode(event));
    }
    controller.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (resumable) return controller.error(error);
        return finish(controller);
      }
      if (chunk.done) return resumable ? controller.close() : finish(controller);
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * A `fetch` for the Streamable HTTP transport that fails a request at once when the server
 * answers its POST with an SSE stream that ends (or drops) without the JSON-RPC answer and
 * without an event id to resume from. Such a stream is a definite failure of that request:
 * the SDK would otherwise leave it waiting out its whole timeout. The made-up answer reads
 * `message`; resumable streams are left to the SDK, which resumes them.
 */
export function unansweredStreamFetch(message: string, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const ids = init?.method === "POST" ? requestIds(init.body) : [];
    const type = response.headers.get("content-type") ?? "";
    if (ids.length === 0 || !response.ok || !response.body || !type.includes("text/event-stream")) {
      return response;
    }
    return new Response(answerCheckedBody(response.body, ids, message), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
