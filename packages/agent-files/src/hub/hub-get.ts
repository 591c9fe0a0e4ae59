import type { IncomingHttpHeaders } from "node:http";

/** A Hub answer: status, headers and the whole body. */
export interface HubResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const MAX_REDIRECTS = 5;
// Agent files are small; a bigger answer is no agent file.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * GETs `url`, following redirects (the Hub redirects renamed repositories and large files);
 * the token goes only to the Hub's own host, never to a host a redirect points to.
 */
export async function hubGet(
  url: URL,
  { token, signal }: { token?: string | undefined; signal?: AbortSignal | undefined },
): Promise<HubResponse> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const sendToken = token !== undefined && current.host === url.host;
    const response = await getOnce(current, sendToken ? token : undefined, signal);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
      current = new URL(location, current);
      continue;
    }
    return response;
  }
}

async function getOnce(
  url: URL,
  token: string | undefined,
  signal: AbortSignal | undefined,
): Promise<HubResponse> {
  const { request } =
    url.protocol === "https:" ? await import("node:https") : await import("node:http");
  return new Promise<HubResponse>((resolve, reject) => {
    const req = request(
      url,
      {
        headers: {
          "user-agent": "tinyloop",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(signal ? { signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            req.destroy(new Error(`the answer is over ${MAX_BODY_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
