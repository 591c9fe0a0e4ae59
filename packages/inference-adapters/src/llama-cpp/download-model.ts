import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { InferenceError } from "../inference-error.js";

/** Progress of a model download, for a progress bar. */
export interface DownloadProgress {
  /** The `hf:` URI being downloaded. */
  uri: string;
  /** Bytes on disk so far (including a resumed part). */
  downloadedBytes: number;
  /** Size of the whole file, when the server says it. */
  totalBytes: number | undefined;
}

/** What {@link downloadModelFile} needs. */
export interface DownloadRequest {
  uri: string;
  url: string;
  /** Final path; the file appears there only once complete. */
  destination: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** How the user names the model, for the hint to give a local file instead (a CLI's `--model`). */
  modelSettingName?: string;
}

/** How to use a model without downloading it: the caller's setting when named, else "as the model". */
function localFileHint({ modelSettingName }: DownloadRequest): string {
  const example = modelSettingName
    ? `${modelSettingName} /path/to/model.gguf`
    : "as the model: /path/to/model.gguf";
  return `To use a model without downloading it, download the .gguf file another way and give its path instead (${example}).`;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function totalFromHeaders(response: Response, resumedFrom: number): number | undefined {
  const range = response.headers.get("content-range");
  const match = range ? /\/(\d+)\s*$/.exec(range) : null;
  if (match?.[1]) return Number(match[1]);
  const length = response.headers.get("content-length");
  return length === null ? undefined : Number(length) + resumedFrom;
}

function statusError(request: DownloadRequest, status: number): InferenceError {
  const where = `${request.uri} (${request.url})`;
  if (status === 404) {
    return new InferenceError({
      code: "NOT_FOUND",
      status,
      provider: "local",
      message: `Model not found: ${where} answered 404. Check the owner, repository and file name. ${localFileHint(request)}`,
    });
  }
  if (status === 401 || status === 403) {
    return new InferenceError({
      code: "AUTH",
      status,
      provider: "local",
      message: `Not allowed to download ${where} (HTTP ${status}): the repository may be gated or private; set HF_TOKEN. ${localFileHint(request)}`,
    });
  }
  return new InferenceError({
    code: "SERVER",
    status,
    provider: "local",
    message: `Downloading ${where} failed with HTTP ${status}. ${localFileHint(request)}`,
  });
}

/**
 * Downloads `url` to `destination` through `destination + ".part"`: resumes a previous part
 * with a Range request when the server honours it (else starts over), checks the size, and
 * renames the part only when complete, so a partly downloaded file is never used.
 */
export async function downloadModelFile(request: DownloadRequest): Promise<void> {
  const part = `${request.destination}.part`;
  await mkdir(dirname(request.destination), { recursive: true });
  let resumeFrom = await sizeOf(part);

  const fetchFrom = (from: number) =>
    fetch(request.url, {
      headers: { ...request.headers, ...(from > 0 ? { range: `bytes=${from}-` } : {}) },
      redirect: "follow",
      signal: request.signal ?? null,
    });

  let response: Response;
  try {
    response = await fetchFrom(resumeFrom);
    if (response.status === 416 && resumeFrom > 0) {
      // The part does not fit the file on the server any more: start over.
      await response.body?.cancel();
      await rm(part, { force: true });
      resumeFrom = 0;
      response = await fetchFrom(0);
    }
  } catch (error) {
    if (request.signal?.aborted) throw abortError(request, error);
    throw new InferenceError({
      code: "UNREACHABLE",
      provider: "local",
      message: `Could not download ${request.uri} from ${request.url}: ${describe(error)}. No network? ${localFileHint(request)}`,
      cause: error,
    });
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw statusError(request, response.status);
  }
  const resumed = response.status === 206 ? resumeFrom : 0;
  const total = totalFromHeaders(response, resumed);
  let downloaded = resumed;
  request.onProgress?.({ uri: request.uri, downloadedBytes: downloaded, totalBytes: total });

  const body = response.body;
  if (!body) throw statusError(request, response.status);
  const counting = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  counting.on("data", (chunk: Buffer) => {
    downloaded += chunk.length;
    request.onProgress?.({ uri: request.uri, downloadedBytes: downloaded, totalBytes: total });
  });
  try {
    await pipeline(counting, createWriteStream(part, { flags: resumed > 0 ? "a" : "w" }));
  } catch (error) {
    if (request.signal?.aborted) throw abortError(request, error);
    throw interrupted(request, `${describe(error)} after ${downloaded} bytes`, error);
  }
  const onDisk = await sizeOf(part);
  if (total !== undefined && onDisk !== total) {
    throw interrupted(request, `got ${onDisk} of ${total} bytes`);
  }
  await rename(part, request.destination);
}

function interrupted(request: DownloadRequest, detail: string, cause?: unknown): InferenceError {
  return new InferenceError({
    code: "INTERRUPTED",
    provider: "local",
    message: `The download of ${request.uri} was cut (${detail}). The partial file is kept as .part and resumed on the next try. ${localFileHint(request)}`,
    cause,
  });
}

function abortError(request: DownloadRequest, cause: unknown): InferenceError {
  return new InferenceError({
    code: "ABORTED",
    provider: "local",
    message: `The download of ${request.uri} was aborted; the partial file is kept and resumed next time.`,
    cause,
  });
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ""}`;
  return error instanceof Error ? error.message : String(error);
}
