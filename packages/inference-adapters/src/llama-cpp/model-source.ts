import { isAbsolute, join, resolve } from "node:path";
import { describeValue } from "@tinyloop/errors";
import { InferenceError } from "../inference-error.js";

/** A model given as a Hugging Face file: `hf:<owner>/<repo>/<path/to/file>.gguf`. */
export interface HuggingFaceSource {
  kind: "hf";
  uri: string;
  owner: string;
  repo: string;
  /** Path of the file inside the repository (may contain `/`). */
  file: string;
}

/** A model given as a local file. */
export interface FileSource {
  kind: "file";
  path: string;
}

/** Where a model comes from. */
export type ModelSource = HuggingFaceSource | FileSource;

const HF_PREFIX = "hf:";
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Parses `model`: an `hf:` URI, else a file path (relative to the working directory). */
export function parseModelSource(model: string): ModelSource {
  if (typeof model !== "string" || model.trim() === "") {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      provider: "local",
      message:
        "model: expected a .gguf file path or hf:<owner>/<repo>/<file>.gguf, got an empty value " +
        '(example: "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf")',
    });
  }
  if (!model.startsWith(HF_PREFIX)) {
    return { kind: "file", path: isAbsolute(model) ? model : resolve(model) };
  }
  const parts = model.slice(HF_PREFIX.length).split("/");
  const [owner, repo, ...fileParts] = parts;
  const valid =
    owner !== undefined &&
    repo !== undefined &&
    fileParts.length > 0 &&
    [owner, repo, ...fileParts].every((part) => SEGMENT.test(part)) &&
    fileParts.at(-1)?.toLowerCase().endsWith(".gguf");
  if (!valid) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      provider: "local",
      message:
        `model: expected hf:<owner>/<repo>/<file>.gguf, got ${describeValue(model)} ` +
        '(example: "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf")',
    });
  }
  return { kind: "hf", uri: model, owner, repo, file: fileParts.join("/") };
}

/** Where a downloaded `hf:` file lives in the cache folder. */
export function cachedModelPath(cacheDir: string, source: HuggingFaceSource): string {
  return join(cacheDir, source.owner, source.repo, ...source.file.split("/"));
}

/** The download URL of an `hf:` file on a hub (the file on the `main` revision). */
export function huggingFaceFileUrl(endpoint: string, source: HuggingFaceSource): string {
  const base = endpoint.replace(/\/+$/, "");
  const file = source.file.split("/").map(encodeURIComponent).join("/");
  return `${base}/${source.owner}/${source.repo}/resolve/main/${file}`;
}
