import type { IncomingMessage } from "node:http";
import { ApiError, badRequest } from "./api-error.js";

function tooLarge(limit: number): ApiError {
  return new ApiError({
    status: 413,
    type: "invalid_request_error",
    code: "request_too_large",
    message: `The request body is larger than this server's limit of ${limit} bytes; send a shorter conversation (or start the server with a larger body limit).`,
    // The rest of the body is not read, so the connection cannot be reused.
    headers: { connection: "close" },
  });
}

/**
 * Reads the request body (at most `limit` bytes) and parses it as JSON.
 * @throws ApiError 413 when the body (or its announced `Content-Length`) is over the
 * limit, 400 when it is not JSON.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const announced = Number(req.headers["content-length"]);
  if (Number.isFinite(announced) && announced > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") {
    throw badRequest(
      null,
      'The request body is empty; send a JSON object such as {"model": "agent", "messages": [{"role": "user", "content": "Hello"}]}.',
      "invalid_json",
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(
      null,
      `The request body is not valid JSON (${(error as Error).message}); send a JSON object such as {"model": "agent", "messages": [{"role": "user", "content": "Hello"}]}.`,
      "invalid_json",
    );
  }
}
