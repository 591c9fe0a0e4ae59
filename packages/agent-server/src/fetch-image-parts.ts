import { badRequest } from "./api-error.js";
import type { ImageUrlPart } from "./chat-request.js";

const MAX_REDIRECTS = 3;
const FETCH_TIMEOUT_MS = 30_000;

/**
 * Fetches each http(s) image a request named (allowed by the server's `fetchImageUrls`) and
 * fills its part with the bytes, so the model gets the image as every adapter takes it.
 * The answer must be an `image/*` of at most `maxBytes`; redirects to http(s) are followed.
 * @throws ApiError 400 naming the part when an image cannot be had.
 */
export async function fetchImageParts(
  parts: readonly ImageUrlPart[],
  { maxBytes, signal }: { maxBytes: number; signal: AbortSignal },
): Promise<void> {
  await Promise.all(
    parts.map(async ({ part, url, param }) => {
      try {
        const image = await getImage(new URL(url), maxBytes, signal);
        part.mimeType = image.mimeType;
        part.data = image.bytes.toString("base64");
      } catch (error) {
        throw badRequest(
          param,
          `${param}: could not fetch the image at ${url}: ${(error as Error).message}; send it as a base64 data URL instead (example: "data:image/png;base64,iVBOR…")`,
        );
      }
    }),
  );
}

async function getImage(
  url: URL,
  maxBytes: number,
  signal: AbortSignal,
  hops = 0,
): Promise<{ mimeType: string; bytes: Buffer }> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`expected an http(s) URL, got ${url.protocol}`);
  const { request } =
    url.protocol === "https:" ? await import("node:https") : await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location && hops < MAX_REDIRECTS) {
          res.resume();
          getImage(new URL(res.headers.location, url), maxBytes, signal, hops + 1).then(
            resolve,
            reject,
          );
          return;
        }
        const mimeType = (res.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
        if (status !== 200) {
          res.resume();
          return reject(new Error(`HTTP ${status}`));
        }
        if (!mimeType.startsWith("image/")) {
          res.resume();
          return reject(
            new Error(`expected an image, got content-type ${JSON.stringify(mimeType)}`),
          );
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) req.destroy(new Error(`the image is over ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on("end", () => resolve({ mimeType, bytes: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
