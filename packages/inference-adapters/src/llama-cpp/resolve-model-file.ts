import { stat } from "node:fs/promises";
import { InferenceError } from "../inference-error.js";
import { type DownloadProgress, downloadModelFile } from "./download-model.js";
import { defaultModelCacheDir } from "./model-cache-dir.js";
import { cachedModelPath, huggingFaceFileUrl, parseModelSource } from "./model-source.js";

/** Options for {@link resolveModelFile}. */
export interface ResolveModelOptions {
  /** Folder for downloaded models; default {@link defaultModelCacheDir}. */
  cacheDir?: string;
  /** Hub base URL; default `$TINYLOOP_HF_ENDPOINT`, else `$HF_ENDPOINT`, else https://huggingface.co. */
  hfEndpoint?: string;
  /** Bearer token for gated repositories; default `$HF_TOKEN`. */
  hfToken?: string;
  onDownloadProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** How the user names the model, in the download errors' hint (a CLI's `--model`). */
  modelSettingName?: string;
}

const inFlight = new Map<string, Promise<void>>();

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Turns a model reference (file path or `hf:` URI) into the path of a complete local file,
 * downloading an `hf:` file into the cache on first use and reusing it afterwards.
 */
export async function resolveModelFile(
  model: string,
  options: ResolveModelOptions = {},
): Promise<string> {
  const source = parseModelSource(model);
  if (source.kind === "file") {
    if (!(await isFile(source.path))) {
      throw new InferenceError({
        code: "CONFIG_INVALID",
        provider: "local",
        message: `Model file not found: ${source.path}. Give the path of an existing .gguf file, or an hf:<owner>/<repo>/<file>.gguf URI to download one.`,
      });
    }
    return source.path;
  }
  const destination = cachedModelPath(options.cacheDir ?? defaultModelCacheDir(), source);
  if (await isFile(destination)) return destination;

  let pending = inFlight.get(destination);
  if (!pending) {
    const endpoint =
      options.hfEndpoint ??
      process.env.TINYLOOP_HF_ENDPOINT ??
      process.env.HF_ENDPOINT ??
      "https://huggingface.co";
    const token = options.hfToken ?? process.env.HF_TOKEN;
    pending = downloadModelFile({
      uri: source.uri,
      url: huggingFaceFileUrl(endpoint, source),
      destination,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onDownloadProgress ? { onProgress: options.onDownloadProgress } : {}),
      ...(options.modelSettingName ? { modelSettingName: options.modelSettingName } : {}),
    }).finally(() => inFlight.delete(destination));
    inFlight.set(destination, pending);
  }
  await pending;
  return destination;
}
