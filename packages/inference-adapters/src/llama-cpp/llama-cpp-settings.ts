import { expectedGot } from "@tinyloop/errors";
import { InferenceError } from "../inference-error.js";
import type { ChatModel, ReasoningSetting } from "../types.js";
import type { DownloadProgress } from "./download-model.js";
import type { GpuSetting } from "./gpu-setting.js";

/** Settings of `createLlamaCpp`. */
export interface LlamaCppSettings {
  /** A `.gguf` file path, or `hf:<owner>/<repo>/<file>.gguf` (downloaded once into the cache). */
  model: string;
  /** Context window in tokens; default: as much as fits in memory, at most 8192 (and the model's own limit). */
  contextSize?: number;
  /** `"auto"` (default): the best GPU node-llama-cpp finds, else the CPU; `false`: CPU only. */
  gpu?: GpuSetting;
  /** CPU threads for generation; default: the number of math cores node-llama-cpp detects. */
  threads?: number;
  /** Sampling temperature when a request gives none; default 0.2. 0 means greedy. */
  temperature?: number;
  /** Folder for downloaded models; default `$XDG_CACHE_HOME/tinyloop/models` or `~/.cache/tinyloop/models`. */
  cacheDir?: string;
  /** Hub base URL for `hf:`; default `$TINYLOOP_HF_ENDPOINT`, `$HF_ENDPOINT`, https://huggingface.co. */
  hfEndpoint?: string;
  /** Called while an `hf:` model downloads (bytes done / total), e.g. for a progress bar. */
  onDownloadProgress?: (progress: DownloadProgress) => void;
  /** How the user names the model (a CLI's `--model`), in the download errors' hint to give a local file. */
  modelSettingName?: string;
  /** @internal The module to import instead of "node-llama-cpp" (tests of the missing-package error). */
  nodeLlamaCppModule?: string;
  /**
   * Reasoning of models whose chat wrapper knows thought segments (Qwen3, DeepSeek R1,
   * gpt-oss…): `{ budgetTokens }` caps the thought tokens (node-llama-cpp's
   * `budgets.thoughtTokens`; `0` is not accepted, a budget is at least 1). An effort has no
   * local equivalent: it is ignored with one warning. Default: node-llama-cpp's own budget.
   */
  reasoning?: ReasoningSetting;
  /** Told once about a reasoning setting that cannot be applied. Default: a process warning. */
  onWarning?: (message: string) => void;
}

/** A local llama.cpp model: a {@link ChatModel} that can be loaded ahead of the first call. */
export interface LlamaCppChatModel extends ChatModel {
  /**
   * Resolves the model (downloading an `hf:` file if needed), loads it and creates its
   * context. `stream` does this itself on first use; call it to show progress or fail early.
   */
  load(options?: { signal?: AbortSignal }): Promise<void>;
  /** Releases the context and this use of the model (freed once no instance uses it). */
  close(): Promise<void>;
  /** What is loaded; `undefined` until `load()` (or the first stream) has finished. */
  readonly details: LlamaCppModelDetails | undefined;
}

/** What was loaded, for a status line (`tinyloop run --verbose`) or a bug report. */
export interface LlamaCppModelDetails {
  /** The local file (the cache path for an `hf:` model). */
  path: string;
  /** The node-llama-cpp chat wrapper picked from the model's template, e.g. "Qwen". */
  chatWrapper: string;
  /** The context window in tokens. */
  contextSize: number;
  /** The compute backend: "cuda", "vulkan", "metal", or false for the CPU. */
  gpu: string | false;
}

/**
 * Checks the settings of `createLlamaCpp` before anything is loaded.
 * @throws InferenceError `CONFIG_INVALID` naming the setting, what was given and an example.
 */
export function validateLlamaCppSettings(settings: LlamaCppSettings): void {
  const fail = (message: string): never => {
    throw new InferenceError({ code: "CONFIG_INVALID", provider: "local", message });
  };
  if (typeof settings?.model !== "string" || settings.model.trim() === "") {
    fail(
      `${expectedGot({ path: "model", expected: "a .gguf file path or an hf:<owner>/<repo>/<file>.gguf URI", got: settings?.model, example: '{ model: "./models/qwen2.5-1.5b-instruct-q4_k_m.gguf" }' })}.`,
    );
  }
  const positiveInteger = (key: "contextSize" | "threads", example: number) => {
    const value = settings[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      fail(
        `${expectedGot({ path: key, expected: "a whole number more than 0", got: value, example: `{ ${key}: ${example} }` })}.`,
      );
    }
  };
  positiveInteger("contextSize", 4096);
  positiveInteger("threads", 4);
  if (settings.gpu !== undefined && settings.gpu !== "auto" && settings.gpu !== false) {
    fail(
      `${expectedGot({ path: "gpu", expected: '"auto" or false (CPU only)', got: settings.gpu })}.`,
    );
  }
  const { temperature } = settings;
  if (
    temperature !== undefined &&
    !(typeof temperature === "number" && Number.isFinite(temperature) && temperature >= 0)
  ) {
    fail(
      `${expectedGot({ path: "temperature", expected: "a number of 0 or more", got: temperature, example: "{ temperature: 0.2 }" })}.`,
    );
  }
}
