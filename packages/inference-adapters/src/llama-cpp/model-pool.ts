import type { Llama, LlamaModel } from "node-llama-cpp";
import { InferenceError } from "../inference-error.js";
import type { GpuSetting } from "./gpu-setting.js";
import type { NodeLlamaCppModule } from "./load-node-llama-cpp.js";

interface PooledModel {
  refs: number;
  model: Promise<LlamaModel>;
  llama: Promise<Llama>;
}

interface PooledLlama {
  refs: number;
  llama: Promise<Llama>;
}

const llamas = new Map<string, PooledLlama>();
const models = new Map<string, PooledModel>();

/** A use of a shared model; `release()` once, and the last release frees it. */
export interface ModelLease {
  model: LlamaModel;
  llama: Llama;
  release(): Promise<void>;
}

function acquireLlama(module: NodeLlamaCppModule, gpu: GpuSetting): PooledLlama {
  const key = String(gpu);
  let entry = llamas.get(key);
  if (!entry) {
    // Prebuilt binaries only: never download llama.cpp sources or compile at run time.
    const llama = module.getLlama({
      gpu,
      build: "never",
      skipDownload: true,
      usePrebuiltBinaries: true,
      progressLogs: false,
      logLevel: module.LlamaLogLevel.error,
    });
    entry = { refs: 0, llama };
    llamas.set(key, entry);
    llama.catch(() => llamas.delete(key));
  }
  entry.refs++;
  return entry;
}

async function releaseLlama(gpu: GpuSetting): Promise<void> {
  const key = String(gpu);
  const entry = llamas.get(key);
  if (!entry) return;
  entry.refs--;
  if (entry.refs > 0) return;
  llamas.delete(key);
  await (await entry.llama.catch(() => undefined))?.dispose();
}

/**
 * Loads `path` once per process and GPU setting: a second `acquireModel` of the same file gets
 * the same `LlamaModel`, and it is disposed when the last lease is released.
 */
export async function acquireModel(
  module: NodeLlamaCppModule,
  path: string,
  gpu: GpuSetting,
): Promise<ModelLease> {
  const key = `${String(gpu)}\0${path}`;
  let entry = models.get(key);
  if (!entry) {
    const llamaEntry = acquireLlama(module, gpu);
    const model = llamaEntry.llama.then(
      (llama) => llama.loadModel({ modelPath: path, ...(gpu === false ? { gpuLayers: 0 } : {}) }),
      (error: unknown) => {
        throw new InferenceError({
          code: "CONFIG_INVALID",
          provider: "local",
          message: `Could not start llama.cpp (node-llama-cpp prebuilt binary): ${error instanceof Error ? error.message : String(error)}`,
          cause: error,
        });
      },
    );
    const created: PooledModel = { refs: 0, model, llama: llamaEntry.llama };
    entry = created;
    models.set(key, created);
    model.catch(async () => {
      if (models.get(key) === created) models.delete(key);
      await releaseLlama(gpu);
    });
  }
  entry.refs++;
  const pooled = entry;
  let model: LlamaModel;
  let llama: Llama;
  try {
    model = await pooled.model;
    llama = await pooled.llama;
  } catch (error) {
    pooled.refs--;
    if (InferenceError.isInstance(error)) throw error;
    throw new InferenceError({
      code: "CONFIG_INVALID",
      provider: "local",
      message: `Could not load the model ${path}: ${error instanceof Error ? error.message : String(error)}. Is it a valid GGUF file?`,
      cause: error,
    });
  }
  let released = false;
  return {
    model,
    llama,
    async release() {
      if (released) return;
      released = true;
      pooled.refs--;
      if (pooled.refs > 0) return;
      if (models.get(key) === pooled) models.delete(key);
      await model.dispose();
      await releaseLlama(gpu);
    },
  };
}

/** How many distinct models are loaded in this process (for tests and diagnostics). */
export function loadedModelCount(): number {
  return models.size;
}
