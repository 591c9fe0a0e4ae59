import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { replyScript, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceError } from "../inference-error.js";
import type { ModelEvent } from "../types.js";
import { createLlamaCpp } from "./create-llama-cpp.js";
import type { DownloadProgress } from "./download-model.js";
import { defaultModelCacheDir } from "./model-cache-dir.js";
import { resolveModelFile } from "./resolve-model-file.js";

const URI = "hf:tiny/llama-GGUF/tiny-q8.gguf";
const URL_PATH = "/tiny/llama-GGUF/resolve/main/tiny-q8.gguf";

interface Hub {
  endpoint: string;
  requests: Array<{ url: string; range: string | undefined }>;
  close(): Promise<void>;
}

type Mode = "ranges" | "no-ranges" | "cut-once" | "stall-once";

/** A local stand-in for the hub: serves one file, honouring Range unless told not to. */
async function startHub(file: Buffer, mode: Mode): Promise<Hub> {
  const requests: Hub["requests"] = [];
  let cuts = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push({ url: req.url ?? "", range: req.headers.range });
    if (req.url !== URL_PATH) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Entry not found");
      return;
    }
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    const from = mode !== "no-ranges" && match?.[1] ? Number(match[1]) : 0;
    const body = file.subarray(from);
    if (from > 0) {
      res.writeHead(206, {
        "content-length": body.length,
        "content-range": `bytes ${from}-${file.length - 1}/${file.length}`,
      });
    } else res.writeHead(200, { "content-length": body.length });
    if (mode === "stall-once" && cuts === 0) {
      cuts++;
      // Half the file, then nothing more (until the client gives up).
      res.flushHeaders();
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      return;
    }
    if (mode === "cut-once" && cuts === 0) {
      cuts++;
      // Headers and half the file, then the connection closes (after that data is delivered).
      res.flushHeaders();
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => res.socket?.end(), 100);
      });
      return;
    }
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function rejection(promise: Promise<unknown>): Promise<InferenceError> {
  try {
    await promise;
  } catch (error) {
    if (InferenceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an InferenceError");
}

let file: Buffer;
let cacheDir: string;
let hub: Hub | undefined;
const cachedPath = () => join(cacheDir, "tiny", "llama-GGUF", "tiny-q8.gguf");

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "tinyloop-gguf-src-"));
  const path = join(dir, "model.gguf");
  await writeTinyLlamaGguf(path, replyScript(["Downloaded", "\u2581fine"]));
  file = await readFile(path);
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "tinyloop-cache-"));
});

afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await rm(cacheDir, { recursive: true, force: true });
});

describe("hf: model downloads", () => {
  it("downloads into the cache with progress, then reuses the file without a request", async () => {
    hub = await startHub(file, "ranges");
    const progress: DownloadProgress[] = [];
    const path = await resolveModelFile(URI, {
      cacheDir,
      hfEndpoint: hub.endpoint,
      onDownloadProgress: (p) => progress.push(p),
    });
    expect(path).toBe(cachedPath());
    expect((await readFile(path)).equals(file)).toBe(true);
    expect(await exists(`${path}.part`)).toBe(false);
    expect(progress.at(-1)).toEqual({
      uri: URI,
      downloadedBytes: file.length,
      totalBytes: file.length,
    });
    const done = progress.map((p) => p.downloadedBytes);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);

    await resolveModelFile(URI, { cacheDir, hfEndpoint: hub.endpoint });
    expect(hub.requests).toHaveLength(1);
  });

  it("resumes a partial download with a Range request", async () => {
    hub = await startHub(file, "ranges");
    const part = `${cachedPath()}.part`;
    await mkdir(dirname(part), { recursive: true });
    await writeFile(part, file.subarray(0, 1000));
    const progress: DownloadProgress[] = [];
    await resolveModelFile(URI, {
      cacheDir,
      hfEndpoint: hub.endpoint,
      onDownloadProgress: (p) => progress.push(p),
    });
    expect(hub.requests[0]?.range).toBe("bytes=1000-");
    expect(progress[0]?.downloadedBytes).toBe(1000);
    expect((await readFile(cachedPath())).equals(file)).toBe(true);
  });

  it("starts over when the server ignores Range", async () => {
    hub = await startHub(file, "no-ranges");
    const part = `${cachedPath()}.part`;
    await mkdir(dirname(part), { recursive: true });
    await writeFile(part, Buffer.alloc(1000, 7));
    await resolveModelFile(URI, { cacheDir, hfEndpoint: hub.endpoint });
    expect((await readFile(cachedPath())).equals(file)).toBe(true);
  });

  it("a cut connection leaves no usable file; the next try resumes and completes", async () => {
    hub = await startHub(file, "cut-once");
    const error = await rejection(resolveModelFile(URI, { cacheDir, hfEndpoint: hub.endpoint }));
    expect(error.code).toBe("INTERRUPTED");
    expect(error.message).toContain(URI);
    expect(await exists(cachedPath())).toBe(false);
    // What arrived before the cut is kept (a stream error may drop chunks still in flight).
    const partSize = (await stat(`${cachedPath()}.part`)).size;
    expect(partSize).toBeLessThan(file.length);

    await resolveModelFile(URI, { cacheDir, hfEndpoint: hub.endpoint });
    expect(hub.requests[1]?.range).toBe(partSize > 0 ? `bytes=${partSize}-` : undefined);
    expect((await readFile(cachedPath())).equals(file)).toBe(true);
  });

  it("aborting a stalled download stops it, keeps the part, and a later load completes", async () => {
    hub = await startHub(file, "stall-once");
    const controller = new AbortController();
    const model = createLlamaCpp({
      model: URI,
      cacheDir,
      hfEndpoint: hub.endpoint,
      gpu: false,
      threads: 1,
      contextSize: 512,
      onDownloadProgress: (p) => {
        if (p.downloadedBytes > 0) controller.abort();
      },
    });
    try {
      const error = await rejection(model.load({ signal: controller.signal }));
      expect(error.code).toBe("ABORTED");
      expect(await exists(cachedPath())).toBe(false);
      await model.load();
      expect((await readFile(cachedPath())).equals(file)).toBe(true);
      expect(model.details?.path).toBe(cachedPath());
    } finally {
      await model.close();
    }
  });

  it("a 404 names the URI and how to give a local file", async () => {
    hub = await startHub(file, "ranges");
    const missing = "hf:tiny/llama-GGUF/absent.gguf";
    const error = await rejection(
      resolveModelFile(missing, { cacheDir, hfEndpoint: hub.endpoint }),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toContain(missing);
    expect(error.message).toMatch(/give its path instead/);
    // Neutral: no program's flag; the caller names its own setting when it has one.
    expect(error.message).toContain("(as the model: /path/to/model.gguf)");
    const named = await rejection(
      resolveModelFile(missing, {
        cacheDir,
        hfEndpoint: hub.endpoint,
        modelSettingName: "--model",
      }),
    );
    expect(named.message).toContain("give its path instead (--model /path/to/model.gguf)");
    expect(await exists(join(cacheDir, "tiny", "llama-GGUF", "absent.gguf"))).toBe(false);
  });

  it("no network: names the URI and how to give a local file", async () => {
    hub = await startHub(file, "ranges");
    const endpoint = hub.endpoint;
    await hub.close();
    hub = undefined;
    const error = await rejection(resolveModelFile(URI, { cacheDir, hfEndpoint: endpoint }));
    expect(error.code).toBe("UNREACHABLE");
    expect(error.message).toContain(URI);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.message).toMatch(/give its path instead/);
  });

  it("rejects a malformed hf: URI with an example", async () => {
    const error = await rejection(resolveModelFile("hf:just-a-name", { cacheDir }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toMatch(/expected hf:<owner>\/<repo>\/<file>\.gguf/);
  });

  it("createLlamaCpp downloads an hf: model via TINYLOOP_HF_ENDPOINT and runs it", async () => {
    hub = await startHub(file, "ranges");
    const previous = process.env.TINYLOOP_HF_ENDPOINT;
    process.env.TINYLOOP_HF_ENDPOINT = hub.endpoint;
    const progress: DownloadProgress[] = [];
    const model = createLlamaCpp({
      model: URI,
      cacheDir,
      gpu: false,
      threads: 1,
      contextSize: 512,
      onDownloadProgress: (p) => progress.push(p),
    });
    try {
      const events: ModelEvent[] = [];
      for await (const event of model.stream({ messages: [{ role: "user", content: "Hi" }] })) {
        events.push(event);
      }
      const text = events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");
      expect(text).toBe("Downloaded fine");
      expect(progress.at(-1)?.downloadedBytes).toBe(file.length);
    } finally {
      await model.close();
      if (previous === undefined) delete process.env.TINYLOOP_HF_ENDPOINT;
      else process.env.TINYLOOP_HF_ENDPOINT = previous;
    }
  });

  it("the cache folder follows XDG_CACHE_HOME, else ~/.cache", () => {
    expect(defaultModelCacheDir({ XDG_CACHE_HOME: "/x/cache" })).toBe("/x/cache/tinyloop/models");
    expect(defaultModelCacheDir({})).toMatch(/\.cache\/tinyloop\/models$/);
  });
});
